/**
 * The Demo Co agent's own errors. They are the agent's, not AgentTwin's, so
 * they carry the agent's codes on a plain `Error`.
 */
class DemoCoError extends Error {
  readonly code: string

  constructor(code: string, message: string) {
    super(message)
    this.name = new.target.name
    this.code = code
  }
}

/** A manifest file the planner cannot read (missing front matter, no name or version, no lines). */
export class ManifestError extends DemoCoError {
  readonly file: string
  readonly line: number

  constructor(file: string, line: number, problem: string, fix: string) {
    super('DEMO_MANIFEST_INVALID', `${file}:${line}:1 ${problem}. Fix: ${fix}`)
    this.file = file
    this.line = line
  }
}

/** The agent was handed an input it cannot serve; the scenario's `input` is wrong. */
export class SupportInputError extends DemoCoError {
  constructor(problem: string) {
    super(
      'DEMO_INPUT_INVALID',
      `The Demo Co support agent got ${problem}. Fix: give the scenario an input like { message: "Please refund 40 USD for order ORD-1001", customer_id: "CUS-501" }.`,
    )
  }
}
