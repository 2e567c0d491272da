import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { initCommand } from '../../src/cli/commands/init.ts'
import { STARTER_TEMPLATES } from '../../src/cli/commands/init-templates.ts'
import { capture, tempDir } from '../cli/commands/support/capture.ts'
import { codeBlocks } from './support/code-blocks.ts'

// The AI SDK getting-started page shows only what `agenttwin init --template
// ai-sdk` writes and prints. A file sample's first line names the file (`//
// booking-agent.ts`, `# twins/bookings.twin.yaml`); its lines stand in that
// file, as init writes it, in the same order (`// ...` and `# ...` stand for
// lines left out). A shell line is one init prints, or its --help example, or
// one the installed-package test runs from this page. The terminal output
// sample is checked against a real run by that test
// (test/e2e/installed-ai-sdk-starter.test.ts).
const repo = fileURLToPath(new URL('../..', import.meta.url))
const page = join(repo, 'docs/guide/ai-sdk-starter.md')
const blocks = codeBlocks(page)
const written = new Map(STARTER_TEMPLATES['ai-sdk']!.files.map((file) => [file.path, file.text]))

/** Run by the installed-package test from this page (the install is the tarball's there). */
const RUN_FROM_THE_PAGE = [
  'npm install --save-dev agenttwin vitest',
  'npx agenttwin report reports/agenttwin.json --out reports/agenttwin.html',
]

async function printedByInit(): Promise<string[]> {
  const temp = tempDir()
  try {
    const help = await capture(initCommand, ['--help'], temp.dir)
    const init = await capture(initCommand, ['--template', 'ai-sdk', 'agent-tests'], temp.dir)
    const examples = help.stdout
      .split('\n')
      .filter((line) => line.trim().startsWith('agenttwin init'))
      .map((line) => `npx ${line.trim()}`)
    return [...init.stdout.split('\n').map((line) => line.trim()), ...examples]
  } finally {
    temp.remove()
  }
}

const files = blocks.filter((block) => ['ts', 'yaml', 'js'].includes(block.lang))
const shell = blocks.filter((block) => block.lang === 'sh')

describe('the AI SDK getting-started page', () => {
  it('shows file samples and commands', () => {
    expect(files.length).toBeGreaterThanOrEqual(5)
    expect(shell.length).toBeGreaterThanOrEqual(5)
    expect(blocks.filter((block) => block.lang === 'text').length).toBe(1)
  })

  it.each(files.map((block) => [`line ${block.line}`, block]))(
    'the sample at %s stands in the file init writes',
    (_where, block) => {
      const named = /^(?:\/\/|#) ([\w./-]+\.(?:ts|yaml|mjs))$/.exec(block.lines[0] ?? '')?.[1]
      expect(named, 'the first line names a file init writes').toBeDefined()
      const text = written.get(named!)
      expect(text, `${named} is written by init`).toBeDefined()
      const lines = text!.split('\n')
      let at = 0
      const missing: string[] = []
      for (const line of block.lines.slice(1)) {
        if (line.trim() === '' || /^(?:\/\/|#) \.\.\.$/.test(line.trim())) continue
        const found = lines.indexOf(line, at)
        if (found === -1) missing.push(line)
        else at = found + 1
      }
      expect(missing).toEqual([])
    },
  )

  it('runs only commands init prints, its --help example, or the installed-package test runs', async () => {
    const known = new Set([...(await printedByInit()), ...RUN_FROM_THE_PAGE])
    const everything = [...written.values()].join('\n')
    const unknown: string[] = []
    for (const line of shell.flatMap((block) => block.lines)) {
      if (line.trim() === '') continue
      // Environment variables first: each one the starter reads or init names.
      const variables = /^((?:[A-Z_]+=\S+ )*)(.*)$/.exec(line)!
      const names = [...variables[1]!.matchAll(/([A-Z_]+)=/g)].map((found) => found[1]!)
      const unread = names.filter((name) => !everything.includes(name) && !known.has(line))
      if (unread.length > 0) unknown.push(`${line} (${unread.join(', ')} read nowhere)`)
      const command = names.includes('AGENTTWIN_MODELS')
        ? `AGENTTWIN_MODELS=record ${variables[2]}`
        : line
      if (!known.has(command) && !known.has(line)) unknown.push(line)
    }
    expect(unknown).toEqual([])
  })
})
