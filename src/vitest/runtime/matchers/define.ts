import type { MatcherState } from 'vitest'
import type { CaseRun } from '../../../core/case-run.ts'
import { turnView } from '../../../core/conversation.ts'
import type { ExpectationResult } from '../../../core/expectation-result.ts'
import { type EvaluateOptions, evaluatorFor } from '../../../evaluate/registry.ts'
import { scopeToTurns } from '../../../evaluate/turns.ts'
import { expectationIssues } from '../../../schema/expectation-checks.ts'
import type {
  DocumentOfType,
  ExpectationDocument,
  ExpectationMatcherName,
  TypeOfMatcher,
} from '../../../schema/expectations/index.ts'
import { formatFieldPath } from '../../../schema/field-path.ts'
import { InvalidMatcherArgumentError } from './errors.ts'
import { matcherSubject } from './in-turn.ts'
import type { AgentTwinMatchers } from './types.ts'
import { matcherResult, type SyncMatcherResult, type Wording } from './verdict.ts'

/** What a matcher call spells: the expectation it stands for, and how it says so. */
export interface Spelling<Document> {
  /** The expectation, as a scenario would declare it (its id is the matcher's name). */
  expectation: Document
  /**
   * The expectation that says the opposite (`notCalledTool` for `calledTool`,
   * `handoff: false` for `handoff: true`), when the scenario language has one:
   * it decides under `.not`, and its message is the evidence.
   */
  opposite?: ExpectationDocument
  /** The evaluators of modules above `evaluate` (a judge, a contract), for the types that need one. */
  options?: EvaluateOptions
  wording: Wording
}

/** What a part is handed besides the matcher's own arguments. */
export interface SpellContext {
  /** The matcher's name, for argument errors. */
  name: string
  run: CaseRun
}

/** The two sides of Vitest's diff. */
export interface MatcherDiff {
  actual: unknown
  expected: unknown
}

/**
 * The Vitest part of one matcher: how its arguments become the expectation
 * document it spells, and what Vitest diffs. Its argument list is the one
 * `AgentTwinMatchers` declares for it, and its document the one the
 * declaration of its type names, so the three cannot disagree.
 */
export type MatcherPart<Name extends ExpectationMatcherName> = MatcherSpelling<Name> &
  (IsAsync<Name> extends true
    ? {
        /** An asynchronous matcher (`await expect(run)....`): every failure, a bad argument too, rejects. */
        readonly async: true
      }
    : { readonly async?: false })

type IsAsync<Name extends ExpectationMatcherName> =
  ReturnType<AgentTwinMatchers[Name]> extends PromiseLike<unknown> ? true : false

/** The spelling half of a `MatcherPart`. */
export interface MatcherSpelling<Name extends ExpectationMatcherName> {
  /** The arguments as an expectation; throws `InvalidMatcherArgumentError` for one the evaluator cannot take. */
  spell(
    context: SpellContext,
    ...args: Parameters<AgentTwinMatchers[Name]>
  ): Spelling<DocumentOfType<TypeOfMatcher<Name>>>
  /** What the run shows against what the matcher expected, read from the evaluator's result. */
  diff(
    result: ExpectationResult,
    expectation: DocumentOfType<TypeOfMatcher<Name>>,
    run: CaseRun,
  ): MatcherDiff
}

/** A matcher as `expect.extend` takes it, returning what `AgentTwinMatchers` says (a Promise for async ones). */
export type RawMatcher<Name extends ExpectationMatcherName> = (
  this: MatcherState,
  received: unknown,
  ...args: Parameters<AgentTwinMatchers[Name]>
) => ReturnType<AgentTwinMatchers<SyncMatcherResult>[Name]>

/**
 * The Vitest matcher of a part: checks the received `CaseRun`, spells the
 * expectation, runs the evaluator the registry holds for its type (the one
 * the YAML dispatch runs) and frames the verdict.
 */
export function expectationMatcher<Name extends ExpectationMatcherName>(
  name: Name,
  part: MatcherPart<Name>,
): RawMatcher<Name> {
  function matcher(
    this: MatcherState,
    received: unknown,
    ...args: Parameters<AgentTwinMatchers[Name]>
  ) {
    const { run, window } = matcherSubject(received, name)
    const spelling = part.spell({ name, run }, ...args)
    refuseWhatYamlRefuses(name, run, spelling.expectation as ExpectationDocument)
    const whole = (expectation: ExpectationDocument, on: CaseRun) =>
      evaluatorFor(expectation.type)(expectation as never, on, spelling.options ?? {})
    // Narrowed to turns (`inTurn`): the evaluator reads the case as it stood over them, as YAML's `turn` does.
    const evaluate = (expectation: ExpectationDocument) => {
      if (!window) return whole(expectation, run)
      const scope = scopeToTurns(expectation, run, window)
      if (scope.kind === 'unreached') return scope.result
      const result = whole(scope.whole, scope.view)
      return result instanceof Promise ? result.then(scope.locate) : scope.locate(result)
    }
    const seen = window ? (turnView(run, window) ?? run) : run
    const result = evaluate(spelling.expectation as ExpectationDocument)
    const opposite = spelling.opposite && evaluate(spelling.opposite)
    const verdict = (result: ExpectationResult, opposite: ExpectationResult | undefined) =>
      matcherResult(this, name, run, {
        result,
        ...(opposite ? { opposite } : {}),
        wording: spelling.wording,
        ...part.diff(result, spelling.expectation, seen),
      })
    if (result instanceof Promise || opposite instanceof Promise) {
      return Promise.all([result, opposite]).then(([one, other]) => verdict(one, other))
    }
    return verdict(result, opposite)
  }
  if (!part.async) return matcher as RawMatcher<Name>
  return function asyncMatcher(this: MatcherState, received: unknown, ...args) {
    try {
      return Promise.resolve(matcher.call(this, received, ...args))
    } catch (error) {
      return Promise.reject(error)
    }
  } as RawMatcher<Name>
}

/**
 * The loader's checks of a scenario expectation, on the one a matcher
 * spelled: a tool the twin lacks, a value of the wrong type or a check the
 * twin cannot answer is the same refusal in code as in YAML, never a pass.
 */
function refuseWhatYamlRefuses(name: string, run: CaseRun, expectation: ExpectationDocument) {
  // The matcher's name is no scenario id; the id is not the user's to get wrong here.
  const [issue] = expectationIssues(
    { ...expectation, id: 'in-code' },
    { name: run.twin.name, tools: run.tools },
  )
  if (!issue) return
  const where = issue.path.length > 0 ? `${formatFieldPath(issue.path)}: ` : ''
  throw new InvalidMatcherArgumentError(
    name,
    `${where}${issue.message}`,
    issue.fix.replace(/\.$/, ''),
  )
}
