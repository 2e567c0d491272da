import type { ExpectationType } from '../../core/expectation-result.ts'
import { described, slugSchema } from '../schema-parts.ts'

/** Fields every expectation document has, whatever its type. */
export interface ExpectationBase {
  /** Stable id, used in reports, overrides and comparisons. */
  id: string
  description?: string
  /** A failing critical expectation makes the case a critical failure. */
  critical?: boolean
  /**
   * In a conversation: read only this user turn (1-based): its calls, the
   * state before and after it, the agent's reply to it.
   */
  turn?: number
  /** In a conversation: read this range of user turns (`from` defaults to 1, `to` to the last). */
  turns?: { from?: number; to?: number }
  /**
   * Read only the calls this actor made: `agent`, or `user` (the conversation's
   * user acting through tools the twin marks as the user's). Default: every call.
   */
  actor?: 'agent' | 'user'
}

/**
 * The data part of one expectation type: everything the layers below the
 * evaluator need to know about it. The scenario schema is built from it, and
 * the evaluator (`src/evaluate/registry.ts`) and the matchers
 * (`src/vitest/runtime/matchers/parts.ts`) are attached to it by key.
 */
export interface ExpectationDeclaration<Type extends ExpectationType = ExpectationType> {
  readonly type: Type
  /** What the type checks, in one sentence: the hover text of the schema branch. */
  readonly description: string
  /** JSON Schemas of the type's own fields (besides type, id, description, critical), each described. */
  readonly properties: Readonly<Record<string, object>>
  /** The own fields a document of this type must give. */
  readonly required: readonly string[]
  /** The Vitest matchers that spell this type. */
  readonly matchers: readonly string[]
  /** Matchers whose `.not` spells this type (`.not.toHaveCalledTool` is `notCalledTool`). */
  readonly notMatchers?: readonly string[]
}

/** The TypeScript document a declaration stands for (a phantom field: it exists in types only). */
export interface DocumentOf<Document> {
  readonly document?: Document
}

/**
 * Declares one expectation type. Curried so the document type is given and
 * the declaration's literal types (schema keywords, matcher names) are kept.
 * @example
 * export const maxRetries = declareExpectation<MaxRetriesExpectation>()({ type: 'maxRetries', ... })
 */
export function declareExpectation<Document extends { type: ExpectationType }>() {
  return <const Declaration extends ExpectationDeclaration<Document['type']>>(
    declaration: Declaration,
  ): Declaration & DocumentOf<Document> => declaration
}

/** The fields every branch of the expectation schema starts with. */
function baseProperties<const Type extends string>(type: Type) {
  return {
    type: described(
      'The expectation type, e.g. state, calledTool, outcomeVerified, trajectory, judge, contract.',
      { const: type },
    ),
    id: described(
      'Id of the expectation, unique in the scenario; reports and overrides name it.',
      slugSchema,
    ),
    description: described('Free text for people.', { type: 'string' }),
    critical: described('true: a failure is a NEW_CRITICAL_FAILURE that blocks the release.', {
      type: 'boolean',
    }),
    turn: described(
      'In a conversation: evaluate on this user turn only (1 = the first): its calls, the state before and after it, the reply to it.',
      { type: 'integer', minimum: 1 },
    ),
    turns: described(
      'In a conversation: evaluate on this range of user turns; from defaults to 1, to to the last turn.',
      {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          from: described('The first turn of the range (1-based).', {
            type: 'integer',
            minimum: 1,
          }),
          to: described('The last turn of the range (1-based).', { type: 'integer', minimum: 1 }),
        },
      },
    ),
    actor: described(
      "Read only the calls this actor made: agent, or user (the conversation's user acting through tools the twin marks actor: user). Default: every call.",
      { enum: ['agent', 'user'] },
    ),
  } as const
}

/** The JSON Schema branch of one declaration, as a literal type (`FromSchema` reads it). */
export interface ExpectationBranch<Declaration extends ExpectationDeclaration> {
  readonly description: string
  readonly type: 'object'
  readonly additionalProperties: false
  readonly properties: ReturnType<typeof baseProperties<Declaration['type']>> &
    Declaration['properties']
  readonly required: readonly ['type', 'id', ...Declaration['required']]
}

/** The schema branch of one expectation type: its own fields after the shared ones, closed. */
export function expectationBranch<const Declaration extends ExpectationDeclaration>(
  declaration: Declaration,
): ExpectationBranch<Declaration> {
  return {
    description: declaration.description,
    type: 'object',
    additionalProperties: false,
    properties: { ...baseProperties(declaration.type), ...declaration.properties },
    // The spread keeps the declaration's order; TypeScript cannot follow a variadic tuple through it.
    required: [
      'type',
      'id',
      ...declaration.required,
    ] as unknown as ExpectationBranch<Declaration>['required'],
  }
}
