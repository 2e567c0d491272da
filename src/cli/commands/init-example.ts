import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ownRoot } from '../../core/own-files.ts'

/** The examples `agenttwin init --example` can copy, with what each needs installed. */
export const EXAMPLES: Readonly<
  Record<string, { summary: string; config: string; needs: string[] }>
> = {
  'demo-co': {
    summary: 'Demo Co: a support refund agent in three versions, nine scenarios, three pairs',
    needs: ['@modelcontextprotocol/sdk'],
    config: `import { agentTwin } from 'agenttwin/vitest'
import { defineConfig } from 'vitest/config'

// Demo Co: three versions of a support refund agent, compared in pairs.
export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './agent/index.ts',
      // The planner reads its manifests from disk: edit one and the scenarios rerun.
      agentFiles: 'manifests/*.md',
      pairs: [
        // The deliberate regression: the gate must block it.
        { baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' },
        { baseline: 'v1.3.0', candidate: 'v1.3.1' },
        { baseline: 'v1.2.4', candidate: 'v1.3.1' },
      ],
      overrides: 'reviews/overrides.yaml',
    }),
  ],
  test: { isolate: false },
})
`,
  },
}

/** Files of an example that belong to this repository's own checks, not to a user's copy. */
const REPOSITORY_ONLY = new Set(['check.ts', 'conversations/check-conversations.ts'])

/** One file of a copy: where it goes and what it holds. */
export interface ExampleFile {
  path: string
  text: string
}

/**
 * The files of an example as a user's project needs them: the shipped copy,
 * with its type imports of the package's sources turned into imports of the
 * package, and a `vitest.config.ts` that runs it.
 */
export function exampleFiles(name: string): ExampleFile[] {
  const source = join(ownRoot(), 'examples', name)
  const files = walk(source)
    .filter((file) => !REPOSITORY_ONLY.has(relative(source, file)))
    .map((file) => ({
      path: relative(source, file),
      text: asInstalled(readFileSync(file, 'utf8')),
    }))
  return [...files, { path: 'vitest.config.ts', text: EXAMPLES[name]!.config }]
}

/** `import type { X } from '../../../src/core/json.ts'` becomes `import type { X } from 'agenttwin'`. */
function asInstalled(text: string): string {
  return text.replace(/^(import type \{[^}]*\} from )'(?:\.\.\/)+src\/[^']*'/gm, "$1'agenttwin'")
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

/** Writes the files under `dir`; returns the ones that exist already (then nothing is written). */
export function writeExample(files: readonly ExampleFile[], dir: string): string[] {
  const existing = files.filter((file) => existsSync(join(dir, file.path))).map((file) => file.path)
  if (existing.length > 0) return existing
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true })
    writeFileSync(join(dir, file.path), file.text, { flag: 'wx' })
  }
  return []
}
