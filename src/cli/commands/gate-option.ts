import { CASE_CLASSES, type CaseClass } from '../../compare/classify.ts'
import type { GatePolicy, GateVerdict } from '../../compare/gate.ts'

const VERDICTS: readonly GateVerdict[] = ['PASS', 'WARN', 'BLOCK']

/**
 * Reads `--gate`, the plugin's `gate` policy on one line:
 * `block=NEW_CRITICAL_FAILURE,REGRESSED,INCOMPLETE;warn=;empty=BLOCK`. A
 * list left out keeps its default (less the classes the other list names).
 * @example
 * readGateOption('block=NEW_CRITICAL_FAILURE,REGRESSED,INCOMPLETE') // { block: [...] }
 */
export function readGateOption(text: string): Partial<GatePolicy> | { problem: string } {
  const policy: { block?: CaseClass[]; warn?: CaseClass[]; empty?: GateVerdict } = {}
  for (const part of text.split(';').filter((piece) => piece.trim() !== '')) {
    const [key, value = ''] = part.split('=').map((piece) => piece.trim())
    if (key === 'block' || key === 'warn') {
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
      const unknown = names.find((name) => !CASE_CLASSES.includes(name as CaseClass))
      if (unknown) {
        return {
          problem: `--gate ${key}: ${unknown} is not a case class; use ${CASE_CLASSES.join(', ')}`,
        }
      }
      policy[key] = names as CaseClass[]
    } else if (key === 'empty') {
      if (!VERDICTS.includes(value as GateVerdict)) {
        return { problem: `--gate empty=${value}: use PASS, WARN or BLOCK` }
      }
      policy.empty = value as GateVerdict
    } else {
      return {
        problem: `--gate "${part}": expected block=<classes>, warn=<classes> or empty=<verdict>, separated by ";"`,
      }
    }
  }
  const both = policy.block?.find((name) => policy.warn?.includes(name))
  if (both) return { problem: `--gate: ${both} is in both block and warn` }
  return policy
}
