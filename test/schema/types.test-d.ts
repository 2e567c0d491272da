import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { describe, expectTypeOf, test } from 'vitest'
import type { FaultCondition, FaultRuleDocument } from '../../src/core/fault-model.ts'
import type { expectationSchema, toolStepSchema } from '../../src/schema/expectation-schema.ts'
import type {
  ExpectationDocument,
  ScenarioDocument,
  ToolStep,
} from '../../src/schema/scenario-document.ts'
import type {
  faultConditionSchema,
  faultRuleSchema,
  scenarioSchema,
} from '../../src/schema/scenario-schema.ts'
import type { SchemaTypeOptions } from '../../src/schema/schema-parts.ts'
import type {
  AdapterHandler,
  CreateHandler,
  DeleteHandler,
  EffectOp,
  Handler,
  ListHandler,
  MutateHandler,
  Precondition,
  ReadHandler,
  ResponseTemplate,
  StaticHandler,
  ToolDefinition,
  TwinDocument,
} from '../../src/schema/twin-document.ts'
import type {
  effectSchema,
  handlerSchema,
  preconditionSchema,
  responseTemplateSchema,
} from '../../src/schema/twin-handler-schema.ts'
import type { toolSchema, twinSchema } from '../../src/schema/twin-schema.ts'

type From<S extends JSONSchema> = FromSchema<S, SchemaTypeOptions>

type ByKind<U, K extends string, V> = Extract<U, Record<K, V>>

describe('twin.v1: the schema type and the hand-written types agree', () => {
  test('the whole document', () => {
    expectTypeOf<From<typeof twinSchema>>().toEqualTypeOf<TwinDocument>()
  })

  test('a tool', () => {
    expectTypeOf<From<typeof toolSchema>>().toEqualTypeOf<ToolDefinition>()
  })

  test('every handler kind', () => {
    type H = From<typeof handlerSchema>
    expectTypeOf<H>().toEqualTypeOf<Handler>()
    expectTypeOf<ByKind<H, 'kind', 'static'>>().toEqualTypeOf<StaticHandler>()
    expectTypeOf<ByKind<H, 'kind', 'read'>>().toEqualTypeOf<ReadHandler>()
    expectTypeOf<ByKind<H, 'kind', 'list'>>().toEqualTypeOf<ListHandler>()
    expectTypeOf<ByKind<H, 'kind', 'create'>>().toEqualTypeOf<CreateHandler>()
    expectTypeOf<ByKind<H, 'kind', 'mutate'>>().toEqualTypeOf<MutateHandler>()
    expectTypeOf<ByKind<H, 'kind', 'delete'>>().toEqualTypeOf<DeleteHandler>()
    expectTypeOf<ByKind<H, 'kind', 'adapter'>>().toEqualTypeOf<AdapterHandler>()
  })

  test('effects, preconditions and responses', () => {
    expectTypeOf<From<typeof effectSchema>>().toEqualTypeOf<EffectOp>()
    expectTypeOf<From<typeof preconditionSchema>>().toEqualTypeOf<Precondition>()
    expectTypeOf<From<typeof responseTemplateSchema>>().toEqualTypeOf<ResponseTemplate>()
  })
})

describe('scenario.v1: the schema type and the hand-written types agree', () => {
  test('the whole document', () => {
    expectTypeOf<From<typeof scenarioSchema>>().toEqualTypeOf<ScenarioDocument>()
  })

  test('every expectation type', () => {
    type E = From<typeof expectationSchema>
    expectTypeOf<E>().toEqualTypeOf<ExpectationDocument>()
    type Types = ExpectationDocument['type']
    expectTypeOf<E['type']>().toEqualTypeOf<Types>()
    expectTypeOf<ByKind<E, 'type', 'state'>>().toEqualTypeOf<
      ByKind<ExpectationDocument, 'type', 'state'>
    >()
    expectTypeOf<ByKind<E, 'type', 'outcomeVerified'>>().toEqualTypeOf<
      ByKind<ExpectationDocument, 'type', 'outcomeVerified'>
    >()
    expectTypeOf<ByKind<E, 'type', 'trajectory'>>().toEqualTypeOf<
      ByKind<ExpectationDocument, 'type', 'trajectory'>
    >()
    expectTypeOf<ByKind<E, 'type', 'judge'>>().toEqualTypeOf<
      ByKind<ExpectationDocument, 'type', 'judge'>
    >()
    expectTypeOf<From<typeof toolStepSchema>>().toEqualTypeOf<ToolStep>()
  })

  test('fault rules', () => {
    expectTypeOf<From<typeof faultRuleSchema>>().toEqualTypeOf<FaultRuleDocument>()
    expectTypeOf<From<typeof faultConditionSchema>>().toEqualTypeOf<FaultCondition>()
  })
})
