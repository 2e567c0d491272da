import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files.ts'

// Vitest gives a task made by a suite collector's `task()` without the `test` API's fixtures
// a fixtures object of its own, keeps every such object until the worker ends and walks them
// all at the end of each file: with `isolate: false`, each scenario file would cost more than
// the one before. The runtime defines its tests through `test`, which passes its fixtures on.

const root = resolve(import.meta.dirname, '../..')

/** The lines of `text` that make a task through a suite collector, as `line: code`. */
function collectorTasks(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      /getCurrentSuite\(\)(?:\?)?\.task\(|\bcollector\.task\(/.test(line)
        ? [`${index + 1}: ${line.trim()}`]
        : [],
    )
}

describe('tests the runtime defines', () => {
  it('are made through Vitest’s test API, never a collector’s task()', () => {
    const found = sourceFiles(join(root, 'src')).flatMap((file) =>
      collectorTasks(readFileSync(file, 'utf8')).map(
        (line) => `${relative(root, file).replaceAll('\\', '/')}:${line}`,
      ),
    )
    expect(found).toEqual([])
  })

  it('sees a collector task where there is one (the check can fail)', () => {
    const text = [
      'const task = TestRunner.getCurrentSuite().task(name, { handler })',
      'test(name, { timeout }, handler)',
      "collector.task('x', {})",
    ].join('\n')
    expect(collectorTasks(text)).toEqual([
      '1: const task = TestRunner.getCurrentSuite().task(name, { handler })',
      "3: collector.task('x', {})",
    ])
  })
})
