/**
 * Document schemas and loading: `twin.v1` and `scenario.v1` as JSON Schemas and
 * TypeScript types, and loaders that report every problem at file:line:col.
 */

export type { FaultCondition, FaultRuleDocument } from '../core/fault-model.ts'
export { RISK_LEVELS, type RiskLevel } from '../core/risk.ts'
export { FORBIDDEN_SEGMENTS } from '../core/state-path.ts'
export { API_VERSIONS, type DocumentKind } from './api-versions.ts'
export * from './attack-document.ts'
export { attackSchema } from './attack-schema.ts'
export * from './contract-document.ts'
export { contractConditionSchema, contractSchema } from './contract-schema.ts'
export { DOCUMENT_CHECKS, detectDocumentKind, validateDocumentFile } from './document-kinds.ts'
export { expectationSchema } from './expectation-schema.ts'
export { type FieldPath, formatFieldPath } from './field-path.ts'
export type { Inspection } from './inspect.ts'
export { locateField } from './locate-field.ts'
export { inspectAttack, loadAttack, loadAttackSync, parseAttack } from './parse-attack.ts'
export { inspectContract, loadContract, loadContractSync, parseContract } from './parse-contract.ts'
export {
  type LoadedScenario,
  type LoadScenarioOptions,
  loadScenario,
  loadScenarioSync,
  type ParseScenarioOptions,
  parseScenario,
} from './parse-scenario.ts'
export { inspectTwin, loadTwin, loadTwinSync, parseTwin } from './parse-twin.ts'
export { MAX_ALIAS_COUNT } from './parse-yaml.ts'
export { attackLibraryDir, libraryAttackIds } from './scenario-attack-checks.ts'
export * from './scenario-document.ts'
export { faultRuleSchema, scenarioSchema } from './scenario-schema.ts'
export type { SchemaTypeOptions } from './schema-parts.ts'
export { SPECIAL_PLACEHOLDERS } from './templates.ts'
export * from './twin-document.ts'
export { toolSchema, twinSchema } from './twin-schema.ts'
export { createInputSchemaAjv } from './validators.ts'
