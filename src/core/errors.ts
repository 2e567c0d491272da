/**
 * The base of every error AgentTwin throws on purpose. `code` is stable and
 * documented; `message` says what is wrong, where, and how to fix it.
 */
export class AgentTwinError extends Error {
  readonly code: string

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.code = code
  }
}

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
}

/** Formats a problem as `file:line:col message (fix)`, the shape editors and CI annotate. */
export function formatProblem(problem: DocumentProblem): string {
  const where = problem.path ? ` at ${problem.path}` : ''
  return `${problem.file}:${problem.line}:${problem.column} ${problem.message}${where}. Fix: ${problem.fix}`
}

/** Every problem of a document (or several), reported at once. */
export class InvalidDocumentError extends AgentTwinError {
  readonly problems: DocumentProblem[]

  constructor(problems: DocumentProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    super('INVALID_DOCUMENT', `${count}:\n${problems.map(formatProblem).join('\n')}`)
    this.problems = problems
  }
}

/** A value that has no JSON form (function, symbol, bigint, non-finite number, cycle). */
export class NotJsonError extends AgentTwinError {
  readonly path: string

  constructor(path: string, reason: string) {
    super(
      'NOT_JSON',
      `Value at "${path || '(root)'}" is not JSON: ${reason}. Fix: keep twin state, arguments and answers to plain JSON (objects, arrays, strings, finite numbers, booleans, null).`,
    )
    this.path = path
  }
}

/** A state path that could reach outside plain data (`__proto__`, `constructor`, `prototype`) or has an empty segment. */
export class UnsafePathError extends AgentTwinError {
  readonly path: string

  constructor(path: string, reason: string) {
    super(
      'UNSAFE_PATH',
      `Unsafe state path "${path}": ${reason}. Fix: use dotted paths of plain keys or array indexes, e.g. "orders.o_1.items.0".`,
    )
    this.path = path
  }
}
