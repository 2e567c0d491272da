/**
 * Loaded first in every worker started while the network guard is on (see
 * worker-guard.ts): guards the worker with an interception of its own and
 * posts each refusal to the parent, which keeps it as evidence.
 */
import { BroadcastChannel } from 'node:worker_threads'
import { createInterception } from './interception.ts'
import type { WorkerGuardConfig, WorkerRefusal } from './worker-guard.ts'

export function guardWorker(config: WorkerGuardConfig): void {
  const channel = new BroadcastChannel(config.channel)
  channel.unref()
  createInterception({
    allowLoopback: config.allowLoopback,
    allowHosts: config.allowHosts,
    worker: config,
    onRefusal: (request) => {
      channel.postMessage({ worker: config.worker, request } satisfies WorkerRefusal)
    },
  })
}
