import { isAbsolute, resolve } from 'node:path'
import {
  CALIBRATION_RULES,
  type CalibrationReport,
  cacheFileFromEnv,
  calibrateJudge,
  DEFAULT_THRESHOLD,
  describeCalibration,
  JUDGE_PROVIDERS,
  type JudgeProviderName,
  loadLabels,
  resolveJudge,
  saveCalibration,
} from '../../judge/index.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { refuseOverwritingInput } from '../output-path.ts'
import { readOptions, reportError, stringOption, usageError } from './cli-options.ts'
import type { OptionKinds } from './option-checks.ts'

const USAGE = `Usage: agenttwin calibrate <labels-file> [--judge fake|anthropic|openai] [--threshold 0.7] [--out <file>]

Runs the judge over human-labelled replies and prints, per criterion, the number of
examples it judged (n), its agreement with the humans, Cohen's kappa and whether it
counts as calibrated (n >= ${CALIBRATION_RULES.minExamples}, agreement >= ${CALIBRATION_RULES.minAgreement * 100}%, kappa >= ${CALIBRATION_RULES.minKappa}).

  <labels-file>   YAML or JSON: - criterion: <text>
                                  examples: [{ reply: <text>, label: pass|fail }]
  --judge         default: AGENTTWIN_JUDGE, else fake (not a language model)
  --threshold     pass threshold applied to the judge's score (default ${DEFAULT_THRESHOLD})
  --out           write the report for loadCalibration(), e.g. .agenttwin-cache/calibration.json

Exit status: 0 every criterion calibrated, 1 some are not, 2 usage or file error.`

const OPTIONS = {
  judge: { type: 'string', value: { oneOf: JUDGE_PROVIDERS } },
  threshold: { type: 'string', value: { number: { min: 0, max: 1 } } },
  out: { type: 'string' },
} as const satisfies OptionKinds

interface Flags {
  file: string
  judge?: JudgeProviderName
  threshold?: number
  out?: string
}

/**
 * `agenttwin calibrate`: measures a judge against human labels.
 * @example
 * await createCalibrateCommand({}).run(['labels.yaml', '--judge', 'fake'], io)
 */
export function createCalibrateCommand(
  env: Record<string, string | undefined> = process.env,
): CliCommand {
  return {
    name: 'calibrate',
    summary: 'Measure a judge against human-labelled replies (n, agreement, kappa)',
    usage: USAGE,
    options: OPTIONS,
    async run(args: string[], io: CliIO): Promise<number> {
      const parsed = readOptions(args, OPTIONS)
      if ('problem' in parsed) return usageError(io, 'calibrate', parsed.problem, USAGE)
      if (parsed.values.help) {
        io.stdout(`${USAGE}\n`)
        return 0
      }
      const flags = flagsOf(parsed.positionals, parsed)
      if (typeof flags === 'string') return usageError(io, 'calibrate', flags, USAGE)
      try {
        const labelsFile = resolve(io.cwd, flags.file)
        if (flags.out) refuseOverwritingInput([labelsFile], inside(io.cwd, flags.out))
        const labels = await loadLabels(labelsFile)
        const cacheFile = cacheFileFromEnv(env)
        const judge = resolveJudge(
          {
            ...(flags.judge ? { provider: flags.judge } : {}),
            cacheFile: cacheFile === false ? false : inside(io.cwd, cacheFile),
          },
          env,
        )
        const report = await calibrateJudge(labels, judge, { threshold: flags.threshold })
        io.stdout(formatReport(report))
        if (flags.out) {
          const out = inside(io.cwd, flags.out)
          await saveCalibration(report, out)
          io.stdout(`Wrote ${flags.out}\n`)
        }
        return report.criteria.every((criterion) => criterion.calibrated) ? 0 : 1
      } catch (error) {
        return reportError(io, 'calibrate', error)
      }
    },
  }
}

export const calibrateCommand: CliCommand = createCalibrateCommand()

/** The printed report: one block per criterion, figures then verdict. */
export function formatReport(report: CalibrationReport): string {
  const { judge } = report
  const kind =
    judge.kind === 'deterministic-fake'
      ? 'deterministic fake, not a language model'
      : 'language model'
  const lines = [
    `Judge ${judge.provider}/${judge.model} (${kind}), prompt ${judge.promptVersion}, threshold ${report.threshold}`,
    '',
  ]
  for (const criterion of report.criteria) {
    lines.push(`"${criterion.criterion.replace(/\s+/g, ' ').trim()}"`)
    const verdict = criterion.calibrated
      ? describeCalibration(criterion)
      : `${describeCalibration(criterion)}: ${criterion.shortfall.join('; ')}`
    lines.push(`  ${verdict}`)
    if (criterion.errors > 0) {
      lines.push(
        `  ${criterion.errors} example(s) got no verdict and are not counted, e.g. ${criterion.errorMessages[0]}`,
      )
    }
  }
  const calibrated = report.criteria.filter((criterion) => criterion.calibrated).length
  lines.push('', `${calibrated} of ${report.criteria.length} criteria calibrated.`, '')
  return lines.join('\n')
}

/** The checked options as the command uses them (values were checked by `readOptions`). */
function flagsOf(positional: string[], parsed: Parameters<typeof stringOption>[0]): Flags | string {
  if (positional.length !== 1) {
    return positional.length === 0
      ? 'missing <labels-file>'
      : `expected one labels file, got ${positional.join(' ')}`
  }
  const flags: Flags = { file: positional[0] as string }
  const judge = stringOption(parsed, 'judge')
  const threshold = stringOption(parsed, 'threshold')
  const out = stringOption(parsed, 'out')
  if (judge !== undefined) flags.judge = judge as JudgeProviderName
  if (threshold !== undefined) flags.threshold = Number(threshold)
  if (out !== undefined) flags.out = out
  return flags
}

function inside(cwd: string, file: string): string {
  return isAbsolute(file) ? file : resolve(cwd, file)
}
