import { realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { AgentTwinError } from '../core/errors.ts'

/** A command was asked to write over a file it reads. */
export class OutputIsInputError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_OUTPUT_IS_INPUT'
  readonly output: string
  readonly input: string

  constructor(output: string, input: string) {
    const same = output === input ? '' : ` (the same file as the input ${input})`
    super({
      problem: `--out ${output} is the input file${same}: writing it would destroy what the command reads.`,
      fix: 'pass another --out path (or leave --out out for the default beside the input).',
    })
    this.output = output
    this.input = input
  }
}

/**
 * The file a path names, with `.`/`..` and symlinks resolved: the real path
 * of the file, or of its nearest existing folder joined with the rest when
 * the file does not exist yet.
 */
function realFile(path: string): string {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch {
    const parent = dirname(absolute)
    return parent === absolute ? absolute : join(realFile(parent), basename(absolute))
  }
}

/**
 * Refuses an output path that is one of the inputs, however either is
 * written (relative, with `./` or `..`, through a symlink, or a hard link to
 * the same file).
 * @throws OutputIsInputError naming the output and the input it would overwrite
 * @example
 * refuseOverwritingInput(['reports/r.json'], './reports/r.json') // throws AGENTTWIN_OUTPUT_IS_INPUT
 */
export function refuseOverwritingInput(inputs: readonly string[], output: string): void {
  const target = realFile(output)
  for (const input of inputs) {
    if (realFile(input) === target || sameInode(input, output)) {
      throw new OutputIsInputError(output, input)
    }
  }
}

function sameInode(a: string, b: string): boolean {
  try {
    const [first, second] = [statSync(a), statSync(b)]
    return first.dev === second.dev && first.ino === second.ino
  } catch {
    return false
  }
}
