import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { CallRecord } from '../../core/call-record.ts'
import { AgentTwinError } from '../../core/errors.ts'
import { endSentence } from '../../core/sentence.ts'
import { withoutByteOrderMark } from '../../core/utf8.ts'
import { checkTraceAgainstRecords } from '../../evaluate/trace-matches-records.ts'
import { parseOtlpJson } from '../../trace/otlp-json.ts'
import type { CliCommand } from '../command.ts'
import { defineVerb, stringOption, usageError } from './cli-options.ts'
import { UnreadableFileError } from './unreadable-file.ts'

const USAGE = `Usage: agenttwin claims <trace.json> --records <records.json> [--json]

Compares an agent's own OpenTelemetry trace (its testimony) with the records
of a twin (the evidence), outside Vitest. Reports, in the words of the
evidence, every tool call the trace claims that the twin never received,
every call the twin received that the trace does not mention, and every
result the trace reports differently from what the twin answered.

  <trace.json>        OTLP JSON: what an OTLP/HTTP JSON exporter sends, or the
                      JSON Lines a collector's file exporter writes; spans read
                      by the GenAI conventions (execute_tool, gen_ai.tool.*)
  --records <file>    the twin's records: the body of GET /__agenttwin/records
                      of \`agenttwin serve\`, or a CaseRun (\`agenttwin run --json\`)
  --json              print the result (message and evidence) as JSON

Exit status: 0 the trace matches the records; 1 it does not; 2 usage or file error.

Example:
  curl -s http://127.0.0.1:4010/__agenttwin/records > records.json
  agenttwin claims otel-trace.json --records records.json`

/** A records file could not be read as the records of a twin. Code `AGENTTWIN_INVALID_RECORDS`. */
export class InvalidRecordsError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_RECORDS'

  constructor(file: string, problem: string) {
    super({
      problem: `${file}: ${endSentence(problem)}`,
      fix: 'pass the JSON of GET /__agenttwin/records (a list of call records) or of `agenttwin run --json`.',
    })
  }
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return withoutByteOrderMark(await readFile(file, 'utf8'))
  } catch (error) {
    throw new UnreadableFileError(`the ${what} ${file}`, error)
  }
}

/** The records in a file: a list, `{ records }`, or `{ run: { records } }`. */
export function recordsOf(value: unknown, file: string): CallRecord[] {
  const holder = value as { records?: unknown; run?: { records?: unknown } } | null
  const list = Array.isArray(value) ? value : (holder?.records ?? holder?.run?.records)
  if (!Array.isArray(list)) throw new InvalidRecordsError(file, 'it holds no list of records')
  list.forEach((record, index) => {
    const r = record as Partial<CallRecord> | null
    if (typeof r?.seq !== 'number' || typeof r.tool !== 'string' || typeof r.args !== 'object') {
      throw new InvalidRecordsError(file, `record ${index} has no seq, tool or args`)
    }
  })
  return list as CallRecord[]
}

/** `agenttwin claims`: a trace against a twin's records. */
export const claimsCommand: CliCommand = defineVerb({
  name: 'claims',
  summary: "Compare an agent's OpenTelemetry trace with a twin's records",
  usage: USAGE,
  options: { records: { type: 'string' }, json: { type: 'boolean' } },
  async action(options, io) {
    const [traceArg] = options.positionals
    const recordsArg = stringOption(options, 'records')
    if (options.positionals.length !== 1 || traceArg === undefined) {
      return usageError(io, 'claims', 'expected one <trace.json>', USAGE)
    }
    if (!recordsArg) return usageError(io, 'claims', 'missing --records <records.json>', USAGE)
    const traceFile = resolve(io.cwd, traceArg)
    const recordsFile = resolve(io.cwd, recordsArg)
    const spans = parseOtlpJson(await readText(traceFile, 'trace'), traceArg)
    let parsed: unknown
    try {
      parsed = JSON.parse(await readText(recordsFile, 'records file'))
    } catch (error) {
      if (error instanceof AgentTwinError) throw error
      throw new InvalidRecordsError(recordsArg, `it is not JSON (${(error as Error).message})`)
    }
    const records = recordsOf(parsed, recordsArg)
    const result = checkTraceAgainstRecords(
      { id: 'trace-matches-records', type: 'traceMatchesRecords' },
      spans,
      records,
    )
    if (options.values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`)
    else {
      const evidence = result.evidence as { findings: Array<{ sentence: string }> }
      const lines = [`${result.label}  ${result.id}`]
      if (evidence.findings.length === 0) lines.push(`  ${result.message}`)
      for (const finding of evidence.findings) lines.push(`  - ${finding.sentence}`)
      io.stdout(`${lines.join('\n')}\n`)
    }
    return result.label === 'PASS' ? 0 : 1
  },
})
