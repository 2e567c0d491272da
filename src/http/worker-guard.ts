import { createRequire, syncBuiltinESMExports } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import workerThreads, { type WorkerOptions } from 'node:worker_threads'
import { OWN_EXTENSION, ownModule } from '../core/own-files.ts'
import type { UnhandledRequest } from './errors.ts'

/** What a guarded worker is told: how to guard itself, and where to report what it refused. */
export interface WorkerGuardConfig {
  allowLoopback: boolean
  allowHosts: readonly string[]
  /** The BroadcastChannel the worker posts its refusals on. */
  channel: string
  /** Which worker (so the parent files a refusal under the test that started it). */
  worker: number
  /** What the worker runs, as its refusals name it: the script's path, or `inline code` for `eval: true`. */
  script: string
}

/** `worker_threads worker #2 (src/agent-worker.js)`: how a refusal names the worker that made it. */
export function workerName(config: Pick<WorkerGuardConfig, 'worker' | 'script'>): string {
  return `worker_threads worker #${config.worker} (${config.script})`
}

/** A refusal a worker posted. */
export interface WorkerRefusal {
  worker: number
  request: UnhandledRequest
}

export interface WorkerGuardOptions {
  config: Omit<WorkerGuardConfig, 'worker' | 'script'>
  /** Called as each worker starts: returns its id (the parent remembers the test it belongs to). */
  register(): number
}

const ENTRY = pathToFileURL(ownModule('http/worker-entry')).href

/** How the worker loads our entry: plain import once compiled, through tsx from the sources. */
function entryImport(): string {
  if (OWN_EXTENSION === '.js') return `import(${JSON.stringify(ENTRY)})`
  // Only the repository's own tests run the sources; tsx (a dev dependency) loads them in the worker.
  const root = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const tsx = pathToFileURL(join(root, 'dist/esm/api/index.mjs')).href
  return `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(import.meta.url)}))`
}

/** The worker's script relative to the working directory, or `inline code`. */
function scriptOf(filename: string | URL, options: WorkerOptions | undefined): string {
  if (options?.eval) return 'inline code'
  const path =
    filename instanceof URL || filename.startsWith('file:')
      ? fileURLToPath(filename)
      : resolve(filename)
  return relative(process.cwd(), path) || path
}

function originalImport(filename: string | URL, options: WorkerOptions | undefined): string {
  if (options?.eval) return `(0, eval)(${JSON.stringify(String(filename))})`
  const url =
    filename instanceof URL
      ? filename.href
      : filename.startsWith('file:')
        ? filename
        : pathToFileURL(resolve(filename)).href
  return `import(${JSON.stringify(url)})`
}

/**
 * Patches `worker_threads.Worker` so every worker started while the guard is
 * on guards itself first (the same interception, with no twins: every request
 * is refused with its method and URL, every socket, DNS query and datagram
 * below HTTP too) and posts each refusal back, where it is evidence on the
 * case that started the worker. Then it loads the worker's own script.
 * Returns the function that puts the original `Worker` back.
 * @example
 * const restore = installWorkerGuard({ config, register: () => nextId++ })
 */
export function installWorkerGuard(options: WorkerGuardOptions): () => void {
  const Original = workerThreads.Worker
  class GuardedWorker extends Original {
    constructor(filename: string | URL, workerOptions?: WorkerOptions) {
      const config: WorkerGuardConfig = {
        ...options.config,
        worker: options.register(),
        script: scriptOf(filename, workerOptions),
      }
      const code =
        `${entryImport()}.then((entry) => entry.guardWorker(${JSON.stringify(config)}))` +
        `.then(() => ${originalImport(filename, workerOptions)})`
      super(code, { ...workerOptions, eval: true })
    }
  }
  Object.defineProperty(GuardedWorker, 'name', { value: 'Worker' })
  const exports = workerThreads as unknown as { Worker: typeof Original }
  exports.Worker = GuardedWorker
  syncBuiltinESMExports()
  return () => {
    if (exports.Worker === GuardedWorker) exports.Worker = Original
    syncBuiltinESMExports()
  }
}
