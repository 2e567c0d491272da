import { type CallSite, formatCallSite } from '../../core/call-site.ts'
import { AgentTwinError } from '../../core/errors.ts'

/** One problem of the plugin options: the option's path, what is wrong, the fix. */
export interface OptionProblem {
  /** `pairs[0].baseline`, `network.guard`, `scenario`. */
  path: string
  message: string
  fix: string
}

/** The plugin was given options it cannot use; lists every problem. Code `AGENTTWIN_INVALID_PLUGIN_OPTIONS`. */
export class InvalidPluginOptionsError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_PLUGIN_OPTIONS'
  readonly problems: OptionProblem[]
  /** Where `agentTwin(...)` was called, when that can be told. */
  readonly site: CallSite | undefined

  constructor(problems: OptionProblem[] | string, fix?: string, site?: CallSite) {
    const list =
      typeof problems === 'string' ? [{ path: '', message: problems, fix: fix ?? '' }] : problems
    const where = site ? `${formatCallSite(site)} ` : ''
    const line = (problem: OptionProblem) =>
      `${where}agentTwin(): ${problem.path ? `${problem.path}: ` : ''}${problem.message}`
    super({
      problem: list.map(line).join('\n'),
      fix: list.map((problem) => problem.fix).join('\n'),
      message: list.map((problem) => `${line(problem)}. Fix: ${problem.fix}`).join('\n'),
    })
    this.problems = list
    this.site = site
  }
}
