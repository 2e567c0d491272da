import { readFileSync } from 'node:fs'

/** One fenced code block of a Markdown page. */
export interface CodeBlock {
  /** The fence's language (`ts`, `sh`, `text`, ...). */
  lang: string
  /** The page's line number of the block's first line (1-based). */
  line: number
  lines: string[]
}

/** Every fenced code block of a Markdown page, in page order. */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n')
  const found: CodeBlock[] = []
  for (let index = 0; index < lines.length; index++) {
    const lang = /^```(\w+)/.exec(lines[index]!)?.[1]
    if (!lang) continue
    const start = index + 1
    while (index + 1 < lines.length && !lines[++index]!.startsWith('```'));
    found.push({ lang, line: start + 1, lines: lines.slice(start, index) })
  }
  return found
}
