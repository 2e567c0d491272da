/** Continuation lines of a folded line start with this, so they read as part of the line above. */
export const FOLD_INDENT = '    '

/** Where a long line may break, best first: after a comma, after a space. */
function breakAt(line: string, width: number): number {
  const comma = line.lastIndexOf(', ', width - 2)
  if (comma >= width / 3) return comma + 2
  const space = line.lastIndexOf(' ', width - 1)
  if (space >= width / 3) return space + 1
  return width
}

/**
 * Folds one line into lines of at most `width` characters (continuations
 * indented by {@link FOLD_INDENT}); nothing is dropped, so joining the pieces
 * gives the line back. `offset` counts characters a view prints before the
 * first line (`PairRegression: `). A view that cannot wrap (an assertion diff in the
 * Vitest UI scrolls sideways instead) shows the whole value this way, and two
 * long lines that differ late differ on a line of their own.
 * @example
 * foldLine('send_customer_email(body=Hi Maya, we have refunded …, to=maya@example.com)', 40)
 * // ['send_customer_email(body=Hi Maya, ', '    we have refunded …, ', '    to=maya@example.com)']
 */
export function foldLine(line: string, width: number, offset = 0): string[] {
  if (line.length <= width - offset) return [line]
  const lines: string[] = []
  let rest = line
  let room = width - offset
  while (rest.length > room) {
    const cut = breakAt(rest, room)
    lines.push(`${lines.length > 0 ? FOLD_INDENT : ''}${rest.slice(0, cut)}`)
    rest = rest.slice(cut)
    room = width - FOLD_INDENT.length
  }
  lines.push(`${lines.length > 0 ? FOLD_INDENT : ''}${rest}`)
  return lines
}

/** {@link foldLine} for every line of a text; `offset` applies to its first line. */
export function foldText(text: string, width: number, offset = 0): string {
  return text
    .split('\n')
    .flatMap((line, index) => foldLine(line, width, index === 0 ? offset : 0))
    .join('\n')
}
