import { mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'
import { unwritableReason } from '../core/unwritable.ts'

/** An output path that is one of the command's inputs. Code `AGENTTWIN_OUTPUT_IS_INPUT`. */
export class OutputIsInputError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_OUTPUT_IS_INPUT'

  constructor(output: string, input: string, how: string) {
    super({
      problem: `the output ${output} is the input ${input} (${how}); writing it would destroy the input.`,
      fix: 'write the output to another path.',
    })
  }
}

/** An output file that cannot be written. Code `AGENTTWIN_UNWRITABLE_OUTPUT`. */
export class UnwritableOutputError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNWRITABLE_OUTPUT'

  constructor(output: string, error: unknown) {
    const reason = unwritableReason(error) ?? (error as NodeJS.ErrnoException).code ?? String(error)
    super(
      {
        problem: `cannot write ${output}: ${endSentence(reason)}`,
        fix: 'choose an output path whose folders are folders (or can be created) and that may be written.',
      },
      { cause: error },
    )
  }
}

/** Who a path is on disk: its real path (symlinks followed) and, when it exists, its inode. */
function identity(path: string): { real: string; inode?: string } {
  const absolute = resolve(path)
  try {
    const stats = statSync(absolute)
    return { real: realpathSync(absolute), inode: `${stats.dev}:${stats.ino}` }
  } catch {
    // Not there yet: a folder on its way may still be a link to an input's folder.
    return { real: realFile(absolute) }
  }
}

/** The real path of a file, or of its nearest existing folder joined with the rest. */
function realFile(absolute: string): string {
  try {
    return realpathSync(absolute)
  } catch {
    const parent = dirname(absolute)
    return parent === absolute ? absolute : join(realFile(parent), basename(absolute))
  }
}

/**
 * Refuses an output path that is one of the inputs, however it is spelled:
 * relative or absolute, through `./` and `..`, a symbolic link, or a hard
 * link to the same file (same device and inode). Paths are resolved against
 * the process's working directory; callers pass them resolved against their own.
 * @example
 * refuseOverwritingInput([resolve(io.cwd, source)], resolve(io.cwd, out)) // throws OutputIsInputError
 */
export function refuseOverwritingInput(inputs: readonly string[], output: string): void {
  const out = identity(output)
  for (const input of inputs) {
    const other = identity(input)
    if (out.real === other.real) {
      const how = resolve(output) === resolve(input) ? 'the same path' : 'the same file by a link'
      throw new OutputIsInputError(output, input, how)
    }
    if (out.inode !== undefined && out.inode === other.inode)
      throw new OutputIsInputError(output, input, 'a hard link to the same file')
  }
}

/**
 * Writes an output file, creating its folder; a path that cannot be written
 * (a folder path through a regular file, a folder, no permission) is an
 * `UnwritableOutputError` naming it, not a raw ENOTDIR.
 * @example
 * writeOutputFile(resolve(io.cwd, out), yaml)
 */
export function writeOutputFile(output: string, text: string): void {
  try {
    mkdirSync(dirname(output), { recursive: true })
    writeFileSync(output, text)
  } catch (error) {
    throw new UnwritableOutputError(output, error)
  }
}
