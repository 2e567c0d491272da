import { describe, expectTypeOf, test } from 'vitest'
import type { ExpectationType } from '../../../src/core/expectation-result.ts'
import type { ExpectationDeclaration } from '../../../src/schema/expectations/declare.ts'
import {
  EXPECTATION_DECLARATIONS,
  type ExpectationMatcherName,
  type TypeOfMatcher,
} from '../../../src/schema/expectations/index.ts'
import type { MatcherPart } from '../../../src/vitest/runtime/matchers/define.ts'
import { MATCHER_PARTS } from '../../../src/vitest/runtime/matchers/parts.ts'

type Declarations = { readonly [Type in ExpectationType]: ExpectationDeclaration<Type> }
type Parts = { readonly [Name in ExpectationMatcherName]: MatcherPart<Name> }

describe('the expectation registry is total: a missing or mismatched part does not compile', () => {
  test('a type without a declaration, or declared under another name', () => {
    const { judge: _judge, ...withoutJudge } = EXPECTATION_DECLARATIONS
    // @ts-expect-error judge has no declaration
    const missing: Declarations = withoutJudge
    const swapped = { ...EXPECTATION_DECLARATIONS, state: EXPECTATION_DECLARATIONS.callOrder }
    // @ts-expect-error the declaration under `state` declares callOrder
    const misnamed: Declarations = swapped
    void [missing, misnamed]
  })

  test('a declared matcher without a part', () => {
    const { toHaveStateAt: _part, ...withoutOne } = MATCHER_PARTS
    // @ts-expect-error toHaveStateAt has no part
    const parts: Parts = withoutOne
    void parts
  })

  test('a part that spells another type than its declaration, or another argument list', () => {
    const wrongType: MatcherPart<'toHaveStateAt'> = {
      spell: ({ name }) => ({
        // @ts-expect-error toHaveStateAt is declared by `state`, not `calledTool`
        expectation: { id: name, type: 'calledTool', tool: 'refund_payment' },
        wording: { positive: 'to have called refund_payment' },
      }),
      diff: () => ({ actual: 1, expected: 1 }),
    }
    const wrongArguments: MatcherPart<'toHaveRetriedAtMost'> = {
      // @ts-expect-error max is a number in AgentTwinMatchers
      spell: ({ name }, tool: string, max: string) => ({
        expectation: { id: name, type: 'maxRetries', tool, max: Number(max) },
        wording: { positive: 'to retry' },
      }),
      diff: () => ({ actual: 0, expected: 0 }),
    }
    void [wrongType, wrongArguments]
  })

  test('an asynchronous matcher whose part does not say so', () => {
    // @ts-expect-error toPassJudge returns a Promise, so its part must be `async: true`
    const judge: MatcherPart<'toPassJudge'> = { ...MATCHER_PARTS.toPassJudge, async: undefined }
    void judge
  })

  test('each matcher spells the type whose declaration names it', () => {
    expectTypeOf<TypeOfMatcher<'toHaveCalledTool'>>().toEqualTypeOf<'calledTool'>()
    expectTypeOf<TypeOfMatcher<'toBeBackedByState'>>().toEqualTypeOf<'outcomeVerified'>()
    expectTypeOf<TypeOfMatcher<'toHaveVerifiedOutcome'>>().toEqualTypeOf<'outcomeVerified'>()
  })
})
