/**
 * AgentTwin: judge an agent by what verifiably happened in the systems it
 * touched. The library entry: twins, faults, documents, running and
 * evaluating cases, comparing versions, judges. Vitest lives in
 * `agenttwin/vitest`, MSW interception in `agenttwin/msw`, the reporter in
 * `agenttwin/reporter`.
 */
export * from './case/index.ts'
export * from './compare/index.ts'
export * from './contract/index.ts'
export * from './core/errors.ts'
export * from './evaluate/index.ts'
export * from './faults/index.ts'
export * from './judge/index.ts'
export * from './mine/index.ts'
export * from './scenario/index.ts'
export * from './schema/index.ts'
export * from './trace/index.ts'
export * from './twin/index.ts'
