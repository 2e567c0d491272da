/**
 * `agenttwin/server`: twins over real HTTP, for agents in other processes and languages.
 *
 * @example
 * import { serveTwin } from 'agenttwin/server'
 * const served = await serveTwin(twinDocument, { port: 4010 })
 * console.log(served.url) // http://127.0.0.1:4010
 */
/* A twin on a real port */

/* Errors */
export { ServeTwinOptionsError, TwinServerListenError } from '../http/server/errors.ts'
// Where a served twin answers its records, state and reset.
export { INSPECTION_PATH } from '../http/server/inspection.ts'
export { type ServedTwin, type ServeTwinOptions, serveTwin } from '../http/server/serve-twin.ts'
