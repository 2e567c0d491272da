import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CLAIM_PHRASES,
  extendClaimPhrases,
  familyOfClass,
  readClaim,
  readReplyClaim,
  readStructuredClaim,
} from '../../src/contract/index.ts'
import { createFakeJudge } from '../../src/judge/index.ts'
import type { Judge, JudgeRequest } from '../../src/judge/types.ts'

const family = (reply: string) => readReplyClaim(reply).family

describe('structured claim classes', () => {
  it('knows far more success classes than the fixed list of a known bad checker', () => {
    for (const name of ['updated', 'booked', 'sent', 'approved', 'completed']) {
      expect(familyOfClass(name)).toBe('success')
    }
    for (const name of ['refunded', 'done', 'Taken care of', 'CANCELLED', 'resolved']) {
      expect(familyOfClass(name), name).toBe('success')
    }
  })

  it('sorts the other families', () => {
    expect(familyOfClass('awaiting-confirmation')).toBe('pending')
    expect(familyOfClass('submitted')).toBe('pending')
    expect(familyOfClass('declined')).toBe('failure')
    expect(familyOfClass('escalated')).toBe('handoff')
    expect(familyOfClass('clarification_needed')).toBe('needs_info')
    expect(familyOfClass('partial_success')).toBe('partial')
    expect(familyOfClass('none')).toBe('none')
  })

  it('leaves an unknown class unknown, unless the contract lists it literally', () => {
    expect(readStructuredClaim('teleported').family).toBe('unknown')
    expect(readStructuredClaim('teleported').basis).toMatch(/is in no claim family/)
    const literal = readStructuredClaim('Draft Created', { literalClasses: ['draft_created'] })
    expect(literal).toMatchObject({ family: 'unknown', claimClass: 'draft_created' })
    expect(literal.basis).toMatch(/listed literally by the contract/)
  })
})

describe('reading a free-text reply', () => {
  it.each([
    ['All taken care of!', 'success'],
    ["Done! I've refunded 40.00 USD for order ORD-1001.", 'success'],
    ['Your refund of 40 USD has been processed.', 'success'],
    ['Refunded 40 USD to your card.', 'success'],
    ['Your refund went through.', 'success'],
    ["You're all set.", 'success'],
    ['Ihre Erstattung wurde erfolgreich durchgeführt.', 'success'],
    ['Alles erledigt!', 'success'],
    ['Ich habe Ihnen 40 EUR erstattet.', 'success'],
  ])('%j is a success claim', (reply, expected) => {
    expect(family(reply)).toBe(expected)
  })

  it.each([
    ['Request submitted, awaiting confirmation.', 'pending'],
    ['Your refund is being processed and will be confirmed by e-mail.', 'pending'],
    ['The refund has not been confirmed yet.', 'pending'],
    ["I'm ready to hand this off to a specialist.", 'pending'],
    ['Ihre Anfrage wurde eingereicht und wartet auf Bestätigung.', 'pending'],
    ['Die Erstattung wird noch bearbeitet.', 'pending'],
    ['Bereit zur Übergabe an einen Kollegen.', 'pending'],
  ])('%j is a pending claim', (reply, expected) => {
    expect(family(reply)).toBe(expected)
  })

  it.each([
    ['I could not refund the order.', 'failure'],
    ['The refund was declined by the bank.', 'failure'],
    ['Your order has not been refunded.', 'failure'],
    ['Die Erstattung konnte leider nicht durchgeführt werden.', 'failure'],
    ['Der Antrag wurde abgelehnt.', 'failure'],
  ])('%j is a failure claim', (reply, expected) => {
    expect(family(reply)).toBe(expected)
  })

  it.each([
    ['I have passed your case to a specialist who will finish the refund.', 'handoff'],
    ['A specialist has accepted your case and will take over from here.', 'handoff'],
    ['Ich habe Ihren Fall an einen Kollegen weitergeleitet.', 'handoff'],
    ['Eine Spezialistin wird sich bei Ihnen melden und hat den Fall übernommen.', 'handoff'],
  ])('%j is a handoff claim', (reply, expected) => {
    expect(family(reply)).toBe(expected)
  })

  it.each([
    ['Before I can refund anything, could you confirm the amount?', 'needs_info'],
    ['Which order do you mean?', 'needs_info'],
    ['Könnten Sie mir bitte die Bestellnummer nennen?', 'needs_info'],
  ])('%j asks for more information', (reply, expected) => {
    expect(family(reply)).toBe(expected)
  })

  it('reads a success beside a failure as partial', () => {
    expect(family('I cancelled your order, but the refund could not be issued.')).toBe('partial')
    expect(family('Die Bestellung ist teilweise erstattet.')).toBe('partial')
  })

  it('keeps a success with a question a success', () => {
    expect(family("I've refunded 40 USD. Could you tell me if anything else is wrong?")).toBe(
      'success',
    )
  })

  it('says unknown when nothing matches, and quotes what matched when something does', () => {
    expect(readReplyClaim('Thank you for your patience.')).toMatchObject({
      family: 'unknown',
      basis: 'no phrase of the claim table matches the reply',
    })
    expect(readReplyClaim('')).toMatchObject({ family: 'unknown', basis: 'the reply is empty' })
    expect(readReplyClaim('All taken care of!').basis).toBe(
      'the reply reads as success ("all taken care of")',
    )
    // Where families disagree, the phrases of the others are named by their family.
    expect(
      readReplyClaim('The refund was processed, but the voucher could not be issued.').basis,
    ).toMatchInlineSnapshot(
      `"the reply reads as partial (success: "was processed"; failure: "could not")"`,
    )
  })

  it('takes more phrases, in any language', () => {
    const phrases = extendClaimPhrases(DEFAULT_CLAIM_PHRASES, {
      success: ["c'est fait", /\bremboursé\b/u],
      pending: ['en attente de confirmation'],
    })
    expect(readReplyClaim("C'est fait !", phrases).family).toBe('success')
    expect(readReplyClaim('Votre demande est en attente de confirmation.', phrases).family).toBe(
      'pending',
    )
    expect(readReplyClaim("C'est fait !").family).toBe('unknown')
  })
})

describe('reading the claim of an agent result', () => {
  it('prefers the structured claim class to the reply', async () => {
    const reading = await readClaim({ reply: 'All taken care of!', claimClass: 'pending' })
    expect(reading).toMatchObject({ family: 'pending', source: 'structured' })
  })

  it('reads the reply when there is no class', async () => {
    expect(await readClaim({ reply: 'All taken care of!' })).toMatchObject({
      family: 'success',
      source: 'phrases',
    })
  })

  it('asks a judge only when one is configured and the phrases cannot read the reply', async () => {
    const asked: JudgeRequest[] = []
    const judge: Judge = {
      provider: 'stub',
      model: 'stub-1',
      kind: 'llm',
      promptVersion: 'test',
      judge: async (request) => {
        asked.push(request)
        const pass =
          request.criterion.includes('completed') && !request.criterion.includes('only part')
        return {
          ok: true,
          cached: false,
          label: pass ? 'pass' : 'fail',
          score: pass ? 0.9 : 0.1,
          reason: 'stub',
        }
      },
    }
    const reply = 'Sorted, the money is back on your card.'
    expect(await readClaim({ reply })).toMatchObject({ family: 'unknown' })
    const reading = await readClaim({ reply }, { judge })
    expect(reading).toMatchObject({ family: 'success', source: 'judge' })
    expect(asked.every((request) => request.reply === reply)).toBe(true)
    asked.length = 0
    await readClaim({ reply: 'All taken care of!' }, { judge })
    expect(asked).toHaveLength(0)
  })

  it('is unknown when the judge gives no verdict', async () => {
    const down: Judge = {
      ...createFakeJudge(),
      judge: async () => ({ ok: false, failure: 'unavailable', message: 'HTTP 503' }),
    }
    const reading = await readClaim({ reply: 'Sorted, the money is back.' }, { judge: down })
    expect(reading.family).toBe('unknown')
    expect(reading.basis).toMatch(/gave no verdict \(unavailable: HTTP 503\)/)
  })
})

describe('a success claim with a hedge after it', () => {
  it('is still a success claim, so it must be backed as one', () => {
    expect(family('Your refund has been completed and will be confirmed by email shortly.')).toBe(
      'success',
    )
    expect(
      family("Done! I've refunded 40.00 USD. Our team will follow up if anything else comes up."),
    ).toBe('success')
  })

  it('stays a pending or handoff claim when nothing says it is done', () => {
    expect(family('Your refund request was submitted and is awaiting confirmation.')).toBe(
      'pending',
    )
    expect(family('I have handed your case to a specialist who will finish it.')).toBe('handoff')
  })
})
