import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs'
import type { CallRecord } from '../core/call-record.ts'
import type { JsonObject } from '../core/json.ts'

/**
 * The `--records` file of a stdio server: `{ twin, records, state }` as JSON,
 * valid after every call, with each call's record appended in place (one
 * line each) instead of the whole file rewritten, so a call costs the size
 * of its own record however long the session. The state, which can be large,
 * is written when the server stops; until then it is `null` (the
 * `agenttwin://state` resource has it live).
 */
export class RecordsFile {
  readonly #fd: number
  /** Where the closing part (`]`, the state) starts: the next record goes there. */
  #end: number
  #count = 0
  #closed = false

  constructor(file: string, twin: string) {
    this.#fd = openSync(file, 'w')
    const head = `{"twin":${JSON.stringify(twin)},"records":[`
    this.#end = writeSync(this.#fd, head)
    this.#writeTail('null')
  }

  /** Adds one record at the end of `records`. */
  append(record: CallRecord): void {
    if (this.#closed) return
    const entry = `${this.#count === 0 ? '\n' : ',\n'}${JSON.stringify(record)}`
    this.#end += writeSync(this.#fd, entry, this.#end)
    this.#count++
    this.#writeTail('null')
  }

  /** Writes the final state and closes the file. Safe twice. */
  close(state: JsonObject): void {
    if (this.#closed) return
    this.#closed = true
    this.#writeTail(JSON.stringify(state))
    closeSync(this.#fd)
  }

  #writeTail(state: string): void {
    const tail = `${this.#count === 0 ? '' : '\n'}],"state":${state}}\n`
    const written = writeSync(this.#fd, tail, this.#end)
    ftruncateSync(this.#fd, this.#end + written)
  }
}
