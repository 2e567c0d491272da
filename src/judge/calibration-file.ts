import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import { isJsonObject } from '../core/json.ts'
import { CALIBRATION_SCHEMA, type CalibrationReport } from './calibrate-judge.ts'
import {
  type CalibrationStatus,
  type CalibrationStore,
  calibrationStatus,
  criterionKey,
  UNCALIBRATED,
} from './calibration.ts'
import { type PositionedDocument, problemAt, readPositionedDocument } from './document.ts'
import { JudgeFileError } from './errors.ts'
import type { JudgeIdentity } from './types.ts'

/** Where `agenttwin calibrate --out` writes by default. */
export const DEFAULT_CALIBRATION_FILE = '.agenttwin-cache/calibration.json'

/** The figures a store needs; `calibrated` is always recomputed from them, never trusted from a file. */
type StoredReport = {
  judge: JudgeIdentity
  threshold: number
  criteria: Array<{ criterion: string; n: number; agreement: number | null; kappa: number | null }>
}

/**
 * A store answering from one calibration report. Another judge, prompt version or
 * threshold than the report's gets "uncalibrated (n=0, ...)" with the reason.
 * @example
 * const store = createCalibrationStore(await calibrateJudge(labels, judge))
 */
export function createCalibrationStore(report: StoredReport): CalibrationStore {
  const byCriterion = new Map<string, CalibrationStatus>()
  for (const entry of report.criteria) {
    byCriterion.set(
      criterionKey(entry.criterion),
      calibrationStatus({ n: entry.n, agreement: entry.agreement, kappa: entry.kappa }),
    )
  }
  const measured = `${report.judge.provider}/${report.judge.model} (prompt ${report.judge.promptVersion}, threshold ${report.threshold})`
  return {
    statusFor(judge, criterion, threshold) {
      const same =
        judge.provider === report.judge.provider &&
        judge.model === report.judge.model &&
        judge.promptVersion === report.judge.promptVersion &&
        threshold === report.threshold
      if (!same) {
        return {
          ...UNCALIBRATED,
          shortfall: [
            `the calibration was measured for ${measured}, not ${judge.provider}/${judge.model} (prompt ${judge.promptVersion}, threshold ${threshold})`,
          ],
        }
      }
      return byCriterion.get(criterionKey(criterion)) ?? UNCALIBRATED
    },
  }
}

/**
 * Reads a calibration report written by `agenttwin calibrate --out` (or
 * `saveCalibration`) as a store for `evaluateJudge`. Without one, every criterion
 * is uncalibrated with n=0.
 * @example
 * const calibration = await loadCalibration('.agenttwin-cache/calibration.json')
 * await evaluateJudge(expectation, run, judge, { calibration })
 */
export async function loadCalibration(file: string): Promise<CalibrationStore> {
  return createCalibrationStore(
    readCalibrationReport(await readPositionedDocument(file, 'calibration')),
  )
}

/** Writes a report as JSON, atomically (temporary file, then rename). */
export async function saveCalibration(report: CalibrationReport, file: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`
  try {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(temp, `${JSON.stringify(report, null, 2)}\n`, 'utf8')
    await rename(temp, file)
  } catch (error) {
    throw new JudgeFileError(
      `cannot write the calibration file ${file}: ${(error as Error).message}`,
      {
        cause: error,
      },
    )
  }
}

/** Validates a parsed calibration report; every problem at once. */
export function readCalibrationReport(document: PositionedDocument): StoredReport {
  const value = document.value
  const problems: DocumentProblem[] = []
  const fail = (path: Array<string | number>, message: string, fix: string) =>
    problems.push(problemAt(document, path, message, fix))
  const rerun = 'rerun `agenttwin calibrate <labels-file> --out <file>` to write a fresh report'
  if (!isJsonObject(value) || value.schema !== CALIBRATION_SCHEMA) {
    fail(
      isJsonObject(value) && 'schema' in value ? ['schema'] : [],
      `not a ${CALIBRATION_SCHEMA} report`,
      rerun,
    )
    throw new InvalidDocumentError(problems)
  }
  const judge = value.judge
  if (
    !isJsonObject(judge) ||
    !['provider', 'model', 'promptVersion'].every((key) => typeof judge[key] === 'string')
  ) {
    fail(['judge'], 'judge must give provider, model and promptVersion as text', rerun)
  }
  if (typeof value.threshold !== 'number' || value.threshold < 0 || value.threshold > 1) {
    fail(
      ['threshold'],
      `threshold ${JSON.stringify(value.threshold)} is not a number from 0 to 1`,
      rerun,
    )
  }
  if (!Array.isArray(value.criteria)) {
    fail(['criteria'], 'criteria must be a list', rerun)
    throw new InvalidDocumentError(problems)
  }
  const criteria: StoredReport['criteria'] = []
  value.criteria.forEach((entry: unknown, index: number) => {
    const at = ['criteria', index]
    if (!isJsonObject(entry) || typeof entry.criterion !== 'string') {
      fail(at, 'entry has no criterion text', rerun)
      return
    }
    const { n, agreement, kappa } = entry
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
      fail([...at, 'n'], `n ${JSON.stringify(n)} is not a count`, rerun)
      return
    }
    if (agreement !== null && (typeof agreement !== 'number' || agreement < 0 || agreement > 1)) {
      fail(
        [...at, 'agreement'],
        `agreement ${JSON.stringify(agreement)} is not null or a share from 0 to 1`,
        rerun,
      )
      return
    }
    if (kappa !== null && (typeof kappa !== 'number' || kappa < -1 || kappa > 1)) {
      fail(
        [...at, 'kappa'],
        `kappa ${JSON.stringify(kappa)} is not null or a number from -1 to 1`,
        rerun,
      )
      return
    }
    criteria.push({ criterion: entry.criterion, n, agreement, kappa })
  })
  if (problems.length > 0) throw new InvalidDocumentError(problems)
  return {
    judge: value.judge as StoredReport['judge'],
    threshold: value.threshold as number,
    criteria,
  }
}
