/**
 * Twins over real HTTP, for agents in other processes and languages.
 *
 * @example
 * import { serveTwin } from 'agenttwin/msw'
 * const served = await serveTwin(twinDocument, { port: 4010 })
 * console.log(served.url) // http://127.0.0.1:4010
 */
export { ServeTwinOptionsError, TwinServerListenError } from './errors.ts'
export { INSPECTION_PATH } from './inspection.ts'
export { type ServedTwin, type ServeTwinOptions, serveTwin } from './serve-twin.ts'
