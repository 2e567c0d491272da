/**
 * The phrase table that reads a free-text reply as a claim, in English and
 * German. Patterns run on normalised text (see `normaliseReply`): lower case,
 * umlauts written out (`ü` → `ue`, `ß` → `ss`), one space between words,
 * straight apostrophes. Extend it with `extendClaimPhrases`.
 */
import type { ClaimFamily } from './claim.ts'

/** The families a reply can be read as (`none` is only ever said explicitly). */
export type PhraseFamily = Exclude<ClaimFamily, 'none'>

export type ClaimPhraseTable = Readonly<Record<PhraseFamily, readonly RegExp[]>>

const EN_DONE =
  'refunded|updated|booked|sent|approved|completed|processed|cancell?ed|confirmed|issued|created|changed|scheduled|resolved|fixed|delivered|paid|credited|reversed|done|handled|placed|taken care of'
const EN_DID =
  'refunded|updated|booked|sent|approved|completed|processed|cancell?ed|confirmed|issued|changed|fixed|resolved|credited|reversed|placed|handled|paid'
const DE_DONE =
  'erstattet|zurueckerstattet|rueckerstattet|aktualisiert|gebucht|gesendet|versendet|verschickt|genehmigt|abgeschlossen|erledigt|storniert|bestaetigt|geaendert|durchgefuehrt|bearbeitet|ausgefuehrt|ueberwiesen|gutgeschrieben|angelegt|erstellt'
const HELPERS =
  'specialists?|colleagues?|humans?|agents?|team|managers?|supervisors?|experts?|department'
const DE_HELPERS =
  'kolleg\\w*|spezialist\\w*|fachabteilung|team|mitarbeiter\\w*|sachbearbeiter\\w*|expert\\w*'

const rx = (source: string) => new RegExp(source, 'g')

/** The default table. Every pattern is global, so each match can be quoted as evidence. */
export const DEFAULT_CLAIM_PHRASES: ClaimPhraseTable = {
  success: [
    rx(
      `\\b(?:has|have|had|'ve|'s|was|were|is|are|got)\\s+(?:now\\s+|just\\s+|already\\s+)?(?:been\\s+)?(?:successfully\\s+|fully\\s+)?(?:${EN_DONE})\\b`,
    ),
    rx(
      `\\bi(?:'ve| have| just)?\\s+(?:now\\s+|just\\s+|already\\s+)?(?:successfully\\s+)?(?:${EN_DID})\\b`,
    ),
    rx(
      "\\b(?:all|everything)\\s+(?:is\\s+|has been\\s+|'s\\s+)?(?:taken care of|sorted(?: out)?|set|done|handled|good to go)\\b",
    ),
    rx("\\b(?:it's|it is|that's|that is)\\s+(?:all\\s+)?(?:done|sorted|taken care of)\\b"),
    rx(`(?:^|[.!?]\\s*)(?:done|${EN_DID})\\b`),
    rx('\\b(?:went through|successfully|is on (?:its|the) way)\\b'),
    rx(`\\b(?:wurde|wurden|ist|sind|habe|haben|hat|hab)\\b[^.!?]{0,60}?\\b(?:${DE_DONE})\\b`),
    rx('\\b(?:alles|das|es)\\s+(?:ist\\s+)?(?:erledigt|geklaert|in ordnung)\\b'),
    rx('\\b(?:erfolgreich|erledigt)\\b'),
  ],
  partial: [
    rx('\\b(?:partially|partly|part of (?:it|your|the)|only (?:part|some|one of))\\b'),
    rx(
      "\\b(?:the rest|the remaining|remaining)\\b[^.!?]{0,40}\\b(?:not|n't|still|pending|will|needs?)\\b",
    ),
    rx('\\b(?:teilweise|nur (?:ein )?teil|der rest|restbetrag)\\b'),
  ],
  pending: [
    rx(
      '\\b(?:has been|have been|was|were|is|are|been)\\s+(?:successfully\\s+)?(?:submitted|queued|received|accepted for processing|placed in (?:the|a) queue)\\b',
    ),
    rx(
      '\\b(?:submitted|queued|awaiting|pending|in progress|being (?:processed|reviewed|handled))\\b',
    ),
    rx("\\b(?:not|n't)\\s+(?:been\\s+)?(?:\\w+\\s+)?yet\\b"),
    rx(
      "\\bonce (?:it|this|that|the \\w+|your \\w+) (?:is|has been|'s) (?:confirmed|processed|approved|completed)\\b",
    ),
    rx(
      '\\bwill (?:be )?(?:processed|confirmed|reviewed|completed|updated|refunded|let you know|notify you|confirm|update you)\\b',
    ),
    rx('\\bready to (?:hand (?:it |this |you |your case )?(?:off|over)|transfer|escalate)\\b'),
    rx("\\b(?:i'll|i will|i'm going to|about to) (?:hand|pass|transfer|escalate|forward)\\b"),
    rx(
      '\\b(?:eingereicht|uebermittelt|in bearbeitung|ausstehend|in der warteschlange|noch nicht)\\b',
    ),
    rx('\\b(?:wartet|warten) auf\\b|\\bsobald\\b'),
    rx('\\bwird (?:noch |gerade |derzeit )?(?:bearbeitet|geprueft|bestaetigt|ausgefuehrt)\\b'),
    rx('\\bbereit (?:zur|fuer die) uebergabe\\b'),
  ],
  failure: [
    rx(
      "\\b(?:could not|couldn't|cannot|can't|was unable|were unable|am unable|unable to|was not able|wasn't able)\\b",
    ),
    rx('\\b(?:failed|declined|rejected|refused|denied)\\b'),
    rx('\\bnot (?:possible|eligible|refundable|allowed|permitted)\\b'),
    rx(`\\b(?:has|have|was|were|is|are)(?:n't| not)\\s+(?:been\\s+)?(?:${EN_DONE})\\b`),
    rx('\\b(?:konnte|konnten|kann|koennen|koennte)\\b[^.!?]{0,50}\\bnicht\\b'),
    rx('\\b(?:nicht moeglich|abgelehnt|fehlgeschlagen|nicht berechtigt)\\b'),
    rx(`\\bnicht (?:${DE_DONE})\\b`),
    rx('\\bleider\\b[^.!?]{0,60}\\b(?:nicht|kein\\w*)\\b'),
  ],
  handoff: [
    rx(
      `\\b(?:handed|passed|transferred|escalated|forwarded|referred|routed|assigned)\\b[^.!?]{0,50}\\b(?:${HELPERS})\\b`,
    ),
    rx(
      `\\b(?:a|an|our|the) (?:human agent|team member|support agent|${HELPERS})\\b[^.!?]{0,50}\\b(?:will|has|is going to|'ll)\\b[^.!?]{0,30}\\b(?:take over|taken over|follow up|finish|handle|contact|get back|look into|review|accepted|picked up|pick up|reach out|complete)\\b`,
    ),
    rx('\\b(?:handoff|hand-off) (?:was |has been |is )?(?:accepted|confirmed|complete|done)\\b'),
    rx(
      `\\b(?:an|zu|mit)\\b[^.!?]{0,40}\\b(?:${DE_HELPERS})\\b[^.!?]{0,30}\\b(?:weitergeleitet|uebergeben|eskaliert|weitergegeben)\\b`,
    ),
    rx(`\\bein(?:e|en)? (?:${DE_HELPERS})\\b[^.!?]{0,50}\\b(?:wird|hat|kuemmert)\\b`),
    rx('\\buebergabe (?:wurde |ist )?(?:angenommen|bestaetigt)\\b'),
  ],
  needs_info: [
    rx(
      '\\b(?:could|can|would|will) you (?:please )?(?:confirm|provide|send|tell|share|let me know|give|clarify|specify|check)\\b',
    ),
    rx(
      "\\bi (?:need|require|will need|'ll need) (?:your|the|a|an|more|some|additional|to know|to confirm)\\b",
    ),
    rx('\\bplease (?:provide|confirm|send|share|tell|let me know|specify|clarify)\\b'),
    rx('\\bbefore i (?:can|proceed|continue)\\b'),
    rx('\\b(?:which (?:order|amount|item|account|address|one)|what is your)\\b[^.!?]*\\?'),
    rx(
      '\\b(?:koennten|koennen|wuerden) sie\\b[^.!?]{0,50}\\b(?:bestaetigen|angeben|mitteilen|senden|schicken|nennen|geben)\\b',
    ),
    rx(
      '\\b(?:ich benoetige|ich brauche|bevor ich)\\b|\\bbitte (?:geben|teilen|bestaetigen|senden|nennen|schicken) sie\\b',
    ),
  ],
}

const UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }

/**
 * The text the phrase table reads: lower case, umlauts written out, one space between words.
 * @example
 * normaliseReply('Die Erstattung wurde  durchgeführt.') // 'die erstattung wurde durchgefuehrt.'
 */
export function normaliseReply(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => UMLAUTS[letter] ?? letter)
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A table with more phrases: strings are literal phrases (matched as whole
 * words, after the same normalisation as the reply); regular expressions run
 * on normalised text as they are.
 * @example
 * const phrases = extendClaimPhrases(DEFAULT_CLAIM_PHRASES, {
 *   success: ['c\'est fait', /\bremboursé\b/],
 *   pending: ['en attente de confirmation'],
 * })
 */
export function extendClaimPhrases(
  base: ClaimPhraseTable,
  extra: Partial<Record<PhraseFamily, ReadonlyArray<string | RegExp>>>,
): ClaimPhraseTable {
  const table = { ...base } as Record<PhraseFamily, readonly RegExp[]>
  for (const [family, phrases] of Object.entries(extra) as [PhraseFamily, (string | RegExp)[]][]) {
    table[family] = [...(base[family] ?? []), ...phrases.map(toPattern)]
  }
  return table
}

function toPattern(phrase: string | RegExp): RegExp {
  if (phrase instanceof RegExp) {
    return phrase.global ? phrase : new RegExp(phrase.source, `${phrase.flags}g`)
  }
  const escaped = normaliseReply(phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'gu')
}
