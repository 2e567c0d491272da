import { type ErrorCode, errorDocs } from './error-codes.ts'
import { endSentence } from './sentence.ts'

export { ERROR_CODES, type ErrorCode, errorDocs } from './error-codes.ts'

/** The parts of an AgentTwin error message. */
export interface ErrorParts {
  /** What is wrong and where (file, field, value). */
  problem: string
  /** What to do about it. */
  fix: string
  /**
   * The message, when it lays out its fix differently from the usual
   * `<problem> Fix: <fix>` (one fix per listed problem, a test verdict).
   */
  message?: string
}

/** `<problem> Fix: <fix>`, on a new line when the problem is a list. */
export function composeMessage(problem: string, fix: string): string {
  return `${problem}${problem.includes('\n') ? '\n' : ' '}Fix: ${fix}`
}

/**
 * Parts of a message written as one string with a `Fix:` sentence; the
 * message itself is kept exactly as written.
 */
export function partsOf(message: string, fallbackFix: string): ErrorParts {
  const at = message.lastIndexOf('Fix: ')
  if (at < 0) return { problem: message, fix: fallbackFix, message }
  return { problem: message.slice(0, at).trimEnd(), fix: message.slice(at + 5).trim(), message }
}

/**
 * The base of every error AgentTwin throws on purpose. Each subclass has its
 * own stable `code` (a static of the class, copied to the error), documented at
 * `docs`; `problem` and `fix` are the two halves of the message.
 *
 * @example
 * try {
 *   twin.call('refund', {})
 * } catch (error) {
 *   if (error instanceof AgentTwinError && error.code === 'AGENTTWIN_UNKNOWN_TOOL') ...
 * }
 */
export abstract class AgentTwinError extends Error {
  /** The catalogue code of this class of error (see `ERROR_CODES`). */
  static readonly code: ErrorCode
  readonly code: ErrorCode
  /** What is wrong and where. */
  readonly problem: string
  /** What to do about it. */
  readonly fix: string
  /** The page that explains the code, e.g. `docs/reference/errors/agenttwin_unknown_tool.md`. */
  readonly docs: string

  constructor(parts: ErrorParts, options?: ErrorOptions) {
    super(parts.message ?? composeMessage(parts.problem, parts.fix), options)
    const code = (new.target as unknown as { code?: ErrorCode }).code
    if (code === undefined) throw new TypeError(`${new.target.name} has no static code`)
    this.name = new.target.name
    this.code = code
    this.problem = parts.problem
    this.fix = parts.fix
    this.docs = errorDocs(code)
  }

  /**
   * The error as plain data, the way Vitest carries it from a worker: every
   * own field except `problem`, `fix` and `docs`, which the message and the
   * code already say (so a failure does not print them twice).
   */
  toJSON(): Record<string, unknown> {
    const data: Record<string, unknown> = {}
    for (const key of Object.getOwnPropertyNames(this)) {
      if (!DERIVED_FIELDS.has(key)) data[key] = (this as unknown as Record<string, unknown>)[key]
    }
    return data
  }
}

const DERIVED_FIELDS = new Set(['problem', 'fix', 'docs'])

/** One problem found in a document, at a position a person can jump to. */
export interface DocumentProblem {
  file: string
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
  /** The field path inside the document, e.g. `tools[2].handler.target`. */
  path: string
  /** What is wrong, naming the offending value. */
  message: string
  /** How to fix it. */
  fix: string
  /**
   * The code a value given in code gets for the same problem, when a check
   * shared with code entry points found it (a fault rule's
   * `AGENTTWIN_INVALID_FAULT_RULE`), so a problem reads the same from YAML and from code.
   */
  code?: ErrorCode
}

/** Formats a problem as `file:line:col message (fix)`, the shape editors and CI annotate. */
export function formatProblem(problem: DocumentProblem): string {
  const where = problem.path ? ` at ${problem.path}` : ''
  return `${problem.file}:${problem.line}:${problem.column} ${problem.message}${where}. Fix: ${problem.fix}`
}

/** Every problem of a document (or several), reported at once. */
export class InvalidDocumentError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_DOCUMENT'
  readonly problems: DocumentProblem[]

  constructor(problems: DocumentProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    const problem = `${count}:\n${problems.map(formatProblem).join('\n')}`
    // Each line carries its own fix; the message is the list.
    super({ problem, fix: 'correct each problem at the position it names.', message: problem })
    this.problems = problems
  }
}

/** A value that has no JSON form (function, symbol, bigint, non-finite number, cycle). */
export class NotJsonError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_NOT_JSON'
  readonly path: string

  constructor(path: string, reason: string) {
    super({
      problem: `Value at "${path || '(root)'}" is not JSON: ${endSentence(reason)}`,
      fix: 'keep twin state, arguments and answers to plain JSON (objects, arrays, strings, finite numbers, booleans, null).',
    })
    this.path = path
  }
}

/** A state path that could reach outside plain data (`__proto__`, `constructor`, `prototype`) or has an empty segment. */
export class UnsafePathError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNSAFE_PATH'
  readonly path: string

  constructor(path: string, reason: string) {
    super({
      problem: `Unsafe state path "${path}": ${endSentence(reason)}`,
      fix: 'use dotted paths of plain keys or array indexes, e.g. "orders.o_1.items.0".',
    })
    this.path = path
  }
}
