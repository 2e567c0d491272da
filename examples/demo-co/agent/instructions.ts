/**
 * Recognises manifest instructions by meaning. Each family is a set of keyword
 * groups that must all match (so rewordings still land), plus words that rule
 * the family out (a negation turns "always do X" into something else).
 */

/** What one sentence of a manifest asks for. */
export type Directive =
  | { kind: 'persona'; aspect: 'role' | 'tone' }
  | { kind: 'priority'; priority: 'speed' | 'care' }
  | { kind: 'lookup-before-acting' }
  | { kind: 'policy-before-refund' }
  | { kind: 'skip-policy-lookup' }
  | { kind: 'auto-refund-limit'; amount: number; currency: string }
  | { kind: 'idempotency-key' }
  | { kind: 'verify-before-retry' }
  | { kind: 'retry-immediately' }
  | { kind: 'confirm-after-success' }

export type DirectiveKind = Directive['kind']

interface Family {
  /** Every group must match somewhere in the sentence. */
  all: RegExp[]
  /** Any of these rules the family out. */
  unless?: RegExp
  directive(sentence: string): Directive | undefined
}

const NEGATION = /\b(?:never|not|don'?t|without|skip\w*|no need)\b/i
const LOOKUP =
  /\b(?:lookup_order|look\s?up the order|re-?read the order|read the order|check the order)\b/i
const RETRY = /\bretr(?:y|ies|ying|ied)\b/i

const FAMILIES: Family[] = [
  {
    all: [/\byou are\b/i, /\b(?:agent|assistant|bot)\b/i],
    directive: () => ({ kind: 'persona', aspect: 'role' }),
  },
  {
    all: [
      /\b(?:polite(?:ly)?|courteous(?:ly)?|friendly|concise(?:ly)?|empathetic(?:ally)?|warm(?:ly)?)\b/i,
    ],
    directive: () => ({ kind: 'persona', aspect: 'tone' }),
  },
  {
    all: [/\b(?:satisf\w*|happiness|priorit\w*)\b/i],
    directive: (sentence) => ({
      kind: 'priority',
      priority:
        /\b(?:fast\w*|quick\w*|top priority|above all|at any cost|immediately)\b/i.test(sentence) &&
        !/\b(?:accurat\w*|careful\w*|correct\w*)\b/i.test(sentence)
          ? 'speed'
          : 'care',
    }),
  },
  {
    all: [
      LOOKUP,
      /\bbefore (?:acting|taking (?:any )?action|doing anything|you act|any action|changing)\b/i,
    ],
    unless: NEGATION,
    directive: () => ({ kind: 'lookup-before-acting' }),
  },
  {
    all: [
      /\b(?:get_refund_policy|refund policy|policy)\b/i,
      /\bbefore\b.*\b(?:refund_payment|refund(?:ing)?|issu\w+)\b/i,
    ],
    unless: NEGATION,
    directive: () => ({ kind: 'policy-before-refund' }),
  },
  {
    all: [/\b(?:without|skip\w*|no need|don'?t|do not|never)\b.*\bpolic(?:y|ies)\b/i],
    directive: () => ({ kind: 'skip-policy-lookup' }),
  },
  {
    all: [/\brefund/i, /\b(?:limit|up to|at most|maximum|cap)\b/i, /\d/],
    directive: readLimit,
  },
  {
    all: [/\bidempoten\w*/i],
    unless: NEGATION,
    directive: () => ({ kind: 'idempotency-key' }),
  },
  {
    all: [
      /\b(?:time[sd]? ?out|timeout|server error|5xx|50\d)\b/i,
      /\b(?:lookup_order|look\s?up|verify|check|re-?read)\b/i,
      RETRY,
    ],
    directive: () => ({ kind: 'verify-before-retry' }),
  },
  {
    all: [RETRY, /\b(?:right away|immediately|at once|straight away|simply|just|any reason)\b/i],
    unless: /\b(?:verify|check|lookup_order|look\s?up|never|don'?t|do not)\b/i,
    directive: () => ({ kind: 'retry-immediately' }),
  },
  {
    all: [
      /\b(?:after|once|when)\b.*\b(?:success\w*|succeed\w*)\b/i,
      /\b(?:lookup_order|look\s?up|re-?read|confirm|verify|check)\b/i,
      /\b(?:recorded|record|shows?|reflect\w*|appears?|present)\b/i,
    ],
    unless: NEGATION,
    directive: () => ({ kind: 'confirm-after-success' }),
  },
]

function readLimit(sentence: string): Directive | undefined {
  const money =
    /(\d+(?:\.\d+)?)\s*(USD|EUR|GBP|dollars?)\b/i.exec(sentence) ??
    /(?:\$|USD\s*)(\d+(?:\.\d+)?)/i.exec(sentence)
  if (!money) return undefined
  const currency = money[2] && !/^dollars?$/i.test(money[2]) ? money[2].toUpperCase() : 'USD'
  return { kind: 'auto-refund-limit', amount: Number(money[1]), currency }
}

/**
 * Splits an instruction line into sentences, so a line that carries two
 * instructions ("Issue refunds immediately. The limit is 100 USD.") yields both.
 */
export function splitSentences(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
}

/**
 * The directives one sentence expresses; empty when no family recognises it.
 *
 * @example
 * recogniseSentence('Always call get_refund_policy before refund_payment.')
 * // [{ kind: 'policy-before-refund' }]
 */
export function recogniseSentence(sentence: string): Directive[] {
  const found: Directive[] = []
  for (const family of FAMILIES) {
    if (!family.all.every((pattern) => pattern.test(sentence))) continue
    if (family.unless?.test(sentence)) continue
    const directive = family.directive(sentence)
    if (directive) found.push(directive)
  }
  return found
}
