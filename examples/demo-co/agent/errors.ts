import { AgentTwinError } from '../../../src/core/errors.ts'

/** A manifest file the planner cannot read (missing front matter, no name or version, no lines). */
export class ManifestError extends AgentTwinError {
  readonly file: string
  readonly line: number

  constructor(file: string, line: number, problem: string, fix: string) {
    super('DEMO_MANIFEST_INVALID', `${file}:${line}:1 ${problem}. Fix: ${fix}`)
    this.file = file
    this.line = line
  }
}

/** The agent was handed an input it cannot serve; the scenario's `input` is wrong. */
export class SupportInputError extends AgentTwinError {
  constructor(problem: string) {
    super(
      'DEMO_INPUT_INVALID',
      `The Demo Co support agent got ${problem}. Fix: give the scenario an input like { message: "Please refund 40 USD for order ORD-1001", customer_id: "CUS-501" }.`,
    )
  }
}
