import { extname } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AgentTwinError } from '../../core/errors.ts'

/** TypeScript (or JSX) needs a transform; plain JavaScript Node imports itself. */
const TRANSFORMED = new Set(['.ts', '.mts', '.cts', '.tsx', '.jsx'])

/** A TypeScript module was asked for but Vite, which compiles it, is not installed. Code `AGENTTWIN_VITE_MISSING`. */
export class ViteMissingError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_VITE_MISSING'

  constructor(file: string, options?: ErrorOptions) {
    super(
      {
        problem: `loading the TypeScript module ${file} needs vite (it comes with vitest).`,
        fix: 'npm i -D vitest, or point at a compiled .js module.',
      },
      options,
    )
  }
}

/**
 * Imports a user's module: JavaScript natively, TypeScript through Vite's
 * module runner (`runnerImport`), the same transform Vitest applies to the
 * user's tests, so the CLI carries no compiler of its own. Packages the module
 * imports stay external and load natively.
 * @example
 * const module = await importUserModule('/repo/src/agents.ts', '/repo')
 */
export async function importUserModule(
  file: string,
  cwd: string,
): Promise<Record<string, unknown>> {
  if (!TRANSFORMED.has(extname(file))) {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>
  }
  let vite: typeof import('vite')
  try {
    vite = await import('vite')
  } catch (error) {
    throw new ViteMissingError(file, { cause: error })
  }
  const { module } = await vite.runnerImport<Record<string, unknown>>(file, {
    root: cwd,
    logLevel: 'silent',
  })
  return module
}
