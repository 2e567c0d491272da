import { type Claim, type ClaimFamily, normaliseClaimClass } from './claim.ts'
import { DEFAULT_CLAIM_CLASSES, familyOfClass } from './claim-classes.ts'
import {
  type ClaimPhraseTable,
  DEFAULT_CLAIM_PHRASES,
  normaliseReply,
  type PhraseFamily,
} from './claim-phrases.ts'

/** How a claim was read, and from what. */
export interface ClaimReading extends Claim {
  /** `unknown` when nothing could be read: never counted as a pass. */
  family: ClaimFamily | 'unknown'
  source: 'structured' | 'phrases' | 'judge' | 'nothing'
  /** The structured class as given, normalised (`awaiting_confirmation`). */
  claimClass?: string
  /** What decided, in plain words: the phrases matched, the judge's answer, or why nothing could be read. */
  basis: string
}

export interface ClaimReadingOptions {
  phrases?: ClaimPhraseTable
  classes?: Readonly<Record<ClaimFamily, readonly string[]>>
  /** Literal classes a contract allows (`draft_created`): known even when the table lacks them. */
  literalClasses?: readonly string[]
}

const NEGATION = /(?:\b(?:not|never|no longer|nicht|nie|kein\w*)\b|n't\b)/
const YET = /\b(?:yet|noch)\b/
const SENTENCE_END = /[.!?]/

/**
 * Reads a structured claim class. A class the table does not know is
 * `unknown` unless the contract lists it literally.
 * @example
 * readStructuredClaim('Updated') // { family: 'success', source: 'structured', claimClass: 'updated', ... }
 */
export function readStructuredClaim(
  value: string,
  options: ClaimReadingOptions = {},
): ClaimReading {
  const claimClass = normaliseClaimClass(value)
  const family = familyOfClass(claimClass, options.classes ?? DEFAULT_CLAIM_CLASSES)
  if (family) {
    return {
      family,
      source: 'structured',
      claimClass,
      basis: `structured claim class "${claimClass}"`,
    }
  }
  const literal = (options.literalClasses ?? []).some((c) => normaliseClaimClass(c) === claimClass)
  if (literal) {
    return {
      family: 'unknown',
      source: 'structured',
      claimClass,
      basis: `structured claim class "${claimClass}", listed literally by the contract`,
    }
  }
  return {
    family: 'unknown',
    source: 'structured',
    claimClass,
    basis: `the structured claim class "${claimClass}" is in no claim family; add it to the claim classes or list it in allowed_user_claims`,
  }
}

/**
 * Reads a free-text reply with the phrase table. Several families can match;
 * the reading that claims least wins where the reply hedges (`pending` over
 * `success`), success and failure together are `partial`, and a negated
 * success ("has not been refunded") is a failure, or `pending` with "yet".
 * Nothing matched is `unknown`, not a pass.
 * @example
 * readReplyClaim('All taken care of!').family // 'success'
 * readReplyClaim('Ihre Anfrage wurde eingereicht und wartet auf Bestätigung.').family // 'pending'
 */
export function readReplyClaim(
  reply: string,
  phrases: ClaimPhraseTable = DEFAULT_CLAIM_PHRASES,
): ClaimReading {
  const text = normaliseReply(reply)
  if (text === '') {
    return { family: 'unknown', source: 'nothing', basis: 'the reply is empty' }
  }
  const found = new Map<PhraseFamily, string[]>()
  const add = (family: PhraseFamily, phrase: string) => {
    const list = found.get(family) ?? []
    if (!list.includes(phrase)) list.push(phrase)
    found.set(family, list)
  }
  for (const [family, patterns] of Object.entries(phrases) as [PhraseFamily, RegExp[]][]) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(globalOf(pattern))) {
        const phrase = match[0].trim()
        if (family !== 'success') {
          add(family, phrase)
          continue
        }
        const negated = negation(text, match.index ?? 0, phrase)
        if (negated === undefined) add('success', phrase)
        else add(negated, phrase)
      }
    }
  }
  const family = decide(new Set(found.keys()))
  if (!family) {
    return {
      family: 'unknown',
      source: 'phrases',
      basis: 'no phrase of the claim table matches the reply',
    }
  }
  // The decided family's phrases first and unnamed; any other family's after, by name.
  const quote = (list: string[]) => list.map((p) => `"${p}"`).join(', ')
  const entries = [...found.entries()]
  const quoted = [
    ...entries.filter(([name]) => name === family).map(([, list]) => quote(list)),
    ...entries.filter(([name]) => name !== family).map(([name, list]) => `${name}: ${quote(list)}`),
  ].join('; ')
  return { family, source: 'phrases', basis: `the reply reads as ${family} (${quoted})` }
}

function globalOf(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`)
}

/** A success phrase with a negation before it in the same sentence, or inside it. */
function negation(text: string, index: number, phrase: string): PhraseFamily | undefined {
  const before = text.slice(Math.max(0, index - 30), index)
  const sentenceStart = Math.max(
    ...[...before.matchAll(/[.!?]/g)].map((m) => (m.index ?? -1) + 1),
    0,
  )
  const window = `${before.slice(sentenceStart)} ${phrase}`
  if (!NEGATION.test(window)) return undefined
  const after = text.slice(index + phrase.length, index + phrase.length + 20).split(SENTENCE_END)[0]
  return YET.test(`${window} ${after}`) ? 'pending' : 'failure'
}

function decide(families: Set<PhraseFamily>): ClaimFamily | undefined {
  if (families.has('partial')) return 'partial'
  if (families.has('success') && families.has('failure')) return 'partial'
  // An un-negated success phrase claims it is done, whatever hedge follows it
  // ("completed and will be confirmed shortly"): it must be backed as a success.
  if (families.has('success')) return 'success'
  if (families.has('handoff')) return 'handoff'
  if (families.has('pending')) return 'pending'
  if (families.has('needs_info')) return 'needs_info'
  if (families.has('failure')) return 'failure'
  return undefined
}
