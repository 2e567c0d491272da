import { cloneJson, type JsonValue } from '../../core/json.ts'
import { pathOf, readPath } from '../../core/state-path.ts'
import type { AdapterHandler } from '../../schema/twin-document.ts'
import type { ResolvedEffect } from '../effects.ts'
import { AdapterFailedError, UnknownAdapterError } from '../errors.ts'
import { deletePath, writePath } from '../state-writes.ts'
import type { AdapterContext } from '../types.ts'
import type { HandlerContext, Plan } from './context.ts'

/**
 * Runs a registered adapter on a private copy of the state. Its writes become
 * `set`/`unset` effects, so faults enact them like any other handler's effects
 * (withheld, halved, doubled or deferred). The answer is the adapter's own.
 */
export function planAdapter(handler: AdapterHandler, context: HandlerContext): Plan {
  const adapter = context.adapters.get(handler.adapter)
  if (!adapter) {
    throw new UnknownAdapterError(handler.adapter, context.tool.name, [...context.adapters.keys()])
  }
  const sandbox = cloneJson(context.state)
  const effects: ResolvedEffect[] = []
  const adapterContext: AdapterContext = {
    tool: context.tool,
    args: cloneJson(context.scope.args),
    options: cloneJson(handler.options ?? {}),
    seq: context.scope.seq ?? 0,
    now: context.scope.now ?? '',
    id: context.scope.id ?? '',
    get(path: string) {
      const lookup = readPath(sandbox, pathOf(path))
      return lookup.found ? cloneJson(lookup.value) : undefined
    },
    set(path: string, value: JsonValue | undefined) {
      const segments = pathOf(path)
      if (value === undefined) {
        deletePath(sandbox, segments)
        effects.push({ op: 'unset', path: segments })
      } else {
        writePath(sandbox, segments, cloneJson(value))
        effects.push({ op: 'set', path: segments, value: cloneJson(value) })
      }
    },
  }
  let result: ReturnType<typeof adapter.handle>
  try {
    result = adapter.handle(adapterContext)
  } catch (error) {
    throw new AdapterFailedError(handler.adapter, context.tool.name, error)
  }
  const answer = {
    status: result.status,
    body: cloneJson(result.body),
    headers: { ...(result.headers ?? {}) },
  }
  return { effects, respond: () => answer }
}
