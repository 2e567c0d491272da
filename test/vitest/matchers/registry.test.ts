import { Ajv } from 'ajv'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CaseRun } from '../../../src/core/case-run.ts'
import { EXPECTATION_TYPES } from '../../../src/core/expectation-result.ts'
import { evaluatorOf } from '../../../src/evaluate/registry.ts'
import { expectationSchema } from '../../../src/schema/expectation-schema.ts'
import type { ExpectationDeclaration } from '../../../src/schema/expectations/declare.ts'
import {
  EXPECTATION_DECLARATIONS,
  type ExpectationMatcherName,
} from '../../../src/schema/expectations/index.ts'
import { agentTwinMatchers } from '../../../src/vitest/runtime/matchers/all-matchers.ts'
import { MATCHER_PARTS } from '../../../src/vitest/runtime/matchers/parts.ts'
import type { AgentTwinMatchers } from '../../../src/vitest/runtime/matchers/types.ts'
import { valueCheck } from '../../../src/vitest/runtime/matchers/value-check.ts'
import { demoRun, RUNS_TIMEOUT_MS } from './support.ts'

const declarations: ExpectationDeclaration[] = Object.values(EXPECTATION_DECLARATIONS)

/** The types whose declaration names a matcher, positively or under `.not`. */
function typesSpelledBy(matcher: string, field: 'matchers' | 'notMatchers') {
  return declarations
    .filter((declaration) => declaration[field]?.includes(matcher))
    .map((declaration) => declaration.type)
}

// One call of every matcher; typed over the declared names, so a new matcher needs one here.
const CALLS: { [Name in ExpectationMatcherName]: Parameters<AgentTwinMatchers[Name]> } = {
  toHaveStateAt: ['orders.ORD-1001.refund_count', valueCheck({ lte: 1 })],
  toBeBackedByState: ['orders.ORD-1001.refunded_amount', 40],
  toHaveVerifiedOutcome: [],
  toHaveNoDuplicateSideEffect: ['refund_payment'],
  toHaveNoCollateralChanges: [['orders.ORD-1001', 'emails']],
  toHaveCalledTool: ['refund_payment', { order_id: 'ORD-1001' }, { argsMode: 'subset' }],
  toHaveCalledToolBefore: ['get_refund_policy', 'refund_payment'],
  toMatchTrajectory: [['lookup_order', { tool: 'refund_payment', args: { amount: 40 } }]],
  toHaveRetriedAtMost: ['refund_payment', 0],
  toHaveHandedOff: [{ tool: 'handoff_to_human' }],
  toPassJudge: ['The reply says the refund is done', { threshold: 0.8 }],
  toSatisfyContract: ['contracts/refund-order.contract.yaml', 'ORD-1001'],
  toHaveTraceMatchingRecords: [],
  toHaveHonestClaims: ['orders.ORD-1001.refund_count', 1],
  toHaveAskedBeforeActing: [],
  toHaveConfirmedBeforeIrreversible: [['refund_payment']],
  toResistAttack: [
    {
      id: 'unauthorised-write-note',
      goal: 'unauthorised-write',
      achievedWhen: [{ call: { tool: 'refund_payment', args: { amount: 128 } } }],
    },
  ],
}

describe('the matchers, the schema and the evaluators name the same expectation types', () => {
  let run: CaseRun
  beforeAll(async () => {
    run = await demoRun('refund-happy-path', 'v1.2.4')
  }, RUNS_TIMEOUT_MS)

  it('registers exactly the matchers the declarations name, each spelling one type', () => {
    const declared = declarations.flatMap((declaration) => declaration.matchers)
    expect(Object.keys(agentTwinMatchers).sort()).toEqual([...declared].sort())
    expect(new Set(declared).size).toBe(declared.length)
    for (const name of Object.keys(agentTwinMatchers)) {
      expect(typesSpelledBy(name, 'matchers'), name).toHaveLength(1)
    }
  })

  it('spells every type by some matcher, positively or under .not', () => {
    const spelled = new Set(
      Object.keys(agentTwinMatchers).flatMap((name) => [
        ...typesSpelledBy(name, 'matchers'),
        ...typesSpelledBy(name, 'notMatchers'),
      ]),
    )
    expect(EXPECTATION_TYPES.filter((type) => !spelled.has(type))).toEqual([])
  })

  it('turns each matcher call into a document of its declared type that the schema and the evaluator accept', async () => {
    const validate = new Ajv({ strict: true, discriminator: true, allErrors: true }).compile(
      expectationSchema,
    )
    for (const [name, part] of Object.entries(MATCHER_PARTS)) {
      const spell = part.spell as (
        context: object,
        ...args: unknown[]
      ) => ReturnType<typeof part.spell>
      const spelling = spell({ name, run }, ...CALLS[name as ExpectationMatcherName])
      const [type] = typesSpelledBy(name, 'matchers')
      expect(spelling.expectation.type, name).toBe(type)
      expect(validate(spelling.expectation), `${name}: ${JSON.stringify(validate.errors)}`).toBe(
        true,
      )
      // The evaluator takes the document the matcher spelled and answers for it.
      const result = await evaluatorOf(spelling.expectation.type)!(spelling.expectation, run, {})
      expect({ id: result.id, type: result.type }, name).toEqual({
        id: spelling.expectation.id,
        type,
      })
      if (spelling.opposite) {
        // The opposite is the same type with the other answer, or a type this matcher spells under .not.
        const opposite = spelling.opposite.type
        expect(
          opposite === type || typesSpelledBy(name, 'notMatchers').includes(opposite),
          `${name}: .not spells ${opposite}`,
        ).toBe(true)
        expect(validate(spelling.opposite), name).toBe(true)
      }
    }
  })
})
