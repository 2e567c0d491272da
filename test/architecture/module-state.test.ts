import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files.ts'

const root = resolve(import.meta.dirname, '../..')
const src = join(root, 'src')

/** Module-level `Map`, `WeakMap` and `WeakSet` bindings of a source text (not indented: module scope). */
function moduleState(text: string): string[] {
  const found = text.matchAll(
    /^(?:export )?(?:const|let) (\w+)(?:: [^=\n]+)? = new (?:Map|WeakMap|WeakSet)\b/gm,
  )
  return [...found].map((match) => match[1] as string)
}

/** Every piece of module-level state in src/, as `src/path.ts name`. */
function stateInSource(): string[] {
  return sourceFiles(src)
    .flatMap((path) => {
      const file = relative(root, path).replaceAll('\\', '/')
      return moduleState(readFileSync(path, 'utf8')).map((name) => `${file} ${name}`)
    })
    .sort()
}

/** The README's "Process-wide state" table, as `src/path.ts name` rows. */
function listedInReadme(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const start = readme.indexOf('### Process-wide state')
  const section = readme.slice(start, readme.indexOf('\n#', start + 1))
  const rows = section.matchAll(/^\| `(src\/[^`]+)` \| `(\w+)` \|/gm)
  return [...rows].map((row) => `${row[1]} ${row[2]}`).sort()
}

/** Listed rows that name something else than a Map/WeakMap/WeakSet (the registry object): they must exist. */
function declaredIn(entry: string): boolean {
  const [file, name] = entry.split(' ') as [string, string]
  return new RegExp(`^(?:export )?(?:const|let) ${name}\\b`, 'm').test(
    readFileSync(join(root, file), 'utf8'),
  )
}

describe('process-wide state in src/', () => {
  const listed = listedInReadme()

  it('is each listed in the README with its reason', () => {
    expect(stateInSource().filter((entry) => !listed.includes(entry))).toEqual([])
  })

  it('lists nothing that is gone', () => {
    expect(listed.filter((entry) => !declaredIn(entry))).toEqual([])
  })

  it('sees module-level state and not a local map (the check can fail)', () => {
    const text = [
      'const cache = new Map<string, number>()',
      'export const marks: WeakSet<object> = new WeakSet()',
      'function f() {',
      '  const local = new Map()',
      '}',
    ].join('\n')
    expect(moduleState(text)).toEqual(['cache', 'marks'])
    expect(listed.length).toBeGreaterThan(0)
  })
})
