import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { asInstalled } from '../../src/cli/commands/init-example.ts'

// Every TypeScript sample on the adapter guides is a piece of a file that runs
// (the adapter examples, replayed in `npm test`): its first line names the file,
// and its lines stand in that file in the same order, the file's relative
// imports of our sources written as a user writes them ('agenttwin/...').
// A line `// ...` stands for lines left out.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const guides = join(repo, 'docs/guide/adapters')

interface Sample {
  page: string
  line: number
  lines: string[]
}

function samples(page: string): Sample[] {
  const lines = readFileSync(join(guides, page), 'utf8').split('\n')
  const found: Sample[] = []
  for (let index = 0; index < lines.length; index++) {
    if (!/^```ts\b/.test(lines[index]!)) continue
    const start = index + 1
    while (index + 1 < lines.length && !lines[++index]!.startsWith('```'));
    found.push({ page, line: start + 1, lines: lines.slice(start, index) })
  }
  return found
}

/** A file as its sample shows it: our sources imported by their package entries, as init writes them. */
function asPublished(text: string): string[] {
  return asInstalled(text).split('\n')
}

const all = readdirSync(guides)
  .filter((page) => page.endsWith('.md'))
  .flatMap(samples)

describe('TypeScript samples on the adapter guides', () => {
  it('there are samples to check', () => {
    expect(all.length).toBeGreaterThan(4)
  })

  it.each(all.map((sample) => [`${sample.page}:${sample.line}`, sample]))(
    '%s stands in the file it names',
    (_where, sample) => {
      const named = /^\/\/ (examples\/\S+\.ts)$/.exec(sample.lines[0] ?? '')?.[1]
      expect(named, 'the first line names the file: // examples/...').toBeDefined()
      const file = asPublished(readFileSync(join(repo, named!), 'utf8'))
      let at = 0
      const missing: string[] = []
      for (const line of sample.lines.slice(1)) {
        if (line.trim() === '' || line.trim() === '// ...') continue
        const found = file.indexOf(line, at)
        if (found === -1) missing.push(line)
        else at = found + 1
      }
      expect(missing).toEqual([])
    },
  )
})
