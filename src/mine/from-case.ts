import type { CaseRun, CaseTurn } from '../core/case-run.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import { isJsonObject, type JsonObject } from '../core/json.ts'
import {
  type ConversationTurnDocument,
  type ExpectationDocument,
  SCENARIO_API_VERSION,
  type ScenarioDocument,
} from '../schema/scenario-document.ts'
import { stateOverrides } from './overrides.ts'
import { comment, type MinedScenario, renderMined } from './yaml-output.ts'

/** An expectation that did not pass in the recorded case. */
export interface FailedExpectation {
  id: string
  type: string
  label: string
  message: string
}

/** What `mineCase` needs: the recorded case and where it came from. */
export interface CaseSource {
  run: CaseRun
  failed: readonly FailedExpectation[]
  /** The scenario the case ran, when it can still be read: its expectations and fault params. */
  scenario?: ScenarioDocument
  /** The twin's fixtures, the base the case's initial state is written over. */
  fixtures: JsonObject
  /** The `twin:` value of the mined file. */
  twinPath: string
  /** Names the source in the header comment, e.g. `reports/agenttwin.json`. */
  source: string
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '')
}

/** One rule per fired fault, at the same call number of its tool. */
function faultRules(source: CaseSource, mined: MinedScenario): FaultRuleDocument[] {
  const rules: FaultRuleDocument[] = []
  const counts = new Map<string, number>()
  const records = [...source.run.records].sort((a, b) => a.seq - b.seq)
  for (const record of records) {
    const call = (counts.get(record.tool) ?? 0) + 1
    counts.set(record.tool, call)
    if (!record.fault) continue
    const rule: FaultRuleDocument = {
      id: slug(`${record.fault.ruleId}-call-${call}`),
      tool: record.tool,
      when: { call },
      fault: record.fault.type,
    }
    const original = source.scenario?.faults?.find((item) => item.id === record.fault?.ruleId)
    if (original?.params) rule.params = structuredClone(original.params)
    const index = rules.push(rule) - 1
    const seen = record.status === null ? 'no status' : `status ${record.status}`
    comment(
      mined,
      `faults.${index}`,
      `fired on ${record.tool} #${record.seq} (call ${call} of ${record.tool}); the caller saw ${seen}`,
    )
    if (!original) {
      comment(
        mined,
        `faults.${index}`,
        `TODO: the source keeps no params of rule "${record.fault.ruleId}"; the catalog defaults are used. Check them with \`agenttwin faults ${record.fault.type}\`.`,
      )
    }
  }
  return rules
}

function sawWrite(run: CaseRun): boolean {
  return run.records.some(
    (record) => record.risk !== 'READ' && (record.changes.length > 0 || record.deferred),
  )
}

/**
 * A conversation's user turns as the case played them, each with the
 * checkpoints of the source scenario that did not pass at its end.
 */
function conversationOf(
  source: CaseSource,
  turns: readonly CaseTurn[],
  mined: MinedScenario,
): { conversation: ConversationTurnDocument[]; placed: Set<string> } {
  const placed = new Set<string>()
  const conversation = turns.map((turn, index) => {
    const written: ConversationTurnDocument = { user: turn.user }
    if (isJsonObject(turn.input)) {
      const { message: _message, ...rest } = turn.input
      if (Object.keys(rest).length > 0) written.input = structuredClone(rest)
    }
    const checkpoints = (source.scenario?.conversation?.[index]?.checkpoints ?? []).filter(
      (checkpoint) => source.failed.some((failed) => failed.id === checkpoint.id),
    )
    if (checkpoints.length > 0) {
      written.checkpoints = structuredClone(checkpoints)
      checkpoints.forEach((checkpoint, at) => {
        placed.add(checkpoint.id)
        const failed = source.failed.find((item) => item.id === checkpoint.id)!
        comment(
          mined,
          `conversation.${index}.checkpoints.${at}`,
          `${failed.label} in the recorded case: ${failed.message}`,
        )
      })
    }
    return written
  })
  return { conversation, placed }
}

function expectations(
  source: CaseSource,
  mined: MinedScenario,
  placed: ReadonlySet<string>,
): ExpectationDocument[] {
  const out: ExpectationDocument[] = []
  const todo: string[] = []
  for (const failed of source.failed) {
    if (placed.has(failed.id)) continue
    const original = source.scenario?.expectations.find((item) => item.id === failed.id)
    if (original) {
      const index = out.push(structuredClone(original)) - 1
      comment(
        mined,
        `expectations.${index}`,
        `${failed.label} in the recorded case: ${failed.message}`,
      )
    } else {
      todo.push(
        `TODO: expectation "${failed.id}" (${failed.type}) was ${failed.label}: ${failed.message}`,
        '      Its definition is not in the source; copy it from the scenario that ran.',
      )
    }
  }
  if (sawWrite(source.run)) {
    const hasNoDuplicate = out.some((item) => item.type === 'noDuplicateSideEffect')
    if (!hasNoDuplicate) {
      out.push({
        id: 'mined-no-duplicate-side-effect',
        type: 'noDuplicateSideEffect',
        critical: true,
      })
      comment(
        mined,
        `expectations.${out.length - 1}`,
        'the twin saw a write: no effect may be applied twice',
      )
    }
    if (!out.some((item) => item.type === 'outcomeVerified' && item.path === undefined)) {
      out.push({ id: 'mined-outcome-verified', type: 'outcomeVerified', critical: true })
      comment(
        mined,
        `expectations.${out.length - 1}`,
        'the twin saw a write: a claimed success must be backed by state',
      )
    }
  }
  mined.trailer.push(...todo)
  return out
}

/**
 * Turns a recorded case into a scenario that reproduces it: the same input
 * and seed, the initial state as overrides over the twin's fixtures, every
 * fault that fired as a rule at the same call number of its tool, and the
 * expectations that did not pass (plus `noDuplicateSideEffect` and
 * `outcomeVerified` when the twin saw a write). What cannot be recovered is
 * left as a `# TODO` comment, never guessed.
 * @example
 * const yaml = mineCase({ run, failed, scenario, fixtures: twin.state, twinPath: '../twins/demo-co.twin.yaml', source: 'reports/agenttwin.json' })
 */
export function mineCase(source: CaseSource): string {
  const { run } = source
  const mined: MinedScenario = { value: {}, header: [], comments: new Map(), trailer: [] }
  mined.header.push(
    `Mined by agenttwin mine from ${source.source}: scenario ${run.scenario.id} v${run.scenario.version},`,
    `agent ${run.agent.name} ${run.agent.version}, seed ${run.seed}, ${run.records.length} tool calls.`,
    `Run it against ${run.agent.version} to reproduce what failed there.`,
  )
  const { overrides, removed } = stateOverrides(run.initialState, source.fixtures)
  const faults = faultRules(source, mined)
  const value: ScenarioDocument = {
    apiVersion: SCENARIO_API_VERSION,
    id: slug(`mined-${run.scenario.id}-${run.agent.version}`),
    version: '1.0.0',
    title: `Regression: ${run.scenario.title} (${run.agent.name} ${run.agent.version})`,
    twin: source.twinPath,
    seed: run.seed,
    expectations: [],
  }
  delete (value as Partial<ScenarioDocument>).expectations
  // A conversation is replayed turn by turn, with the checkpoints that failed at their turn.
  const played = run.conversation ? conversationOf(source, run.conversation, mined) : undefined
  if (played) value.conversation = played.conversation
  else value.input = structuredClone(run.input)
  if (Object.keys(overrides).length > 0) value.state = overrides
  if (faults.length > 0) value.faults = faults
  value.expectations = expectations(source, mined, played?.placed ?? new Set())
  if (value.expectations.length === 0) {
    mined.trailer.push(
      'TODO: nothing failed and the twin saw no write; add the expectation this case should keep.',
    )
  }
  for (const path of removed) {
    mined.trailer.push(
      `TODO: ${path} is in the twin's fixtures but was absent when the case started; a state override cannot remove it.`,
    )
  }
  // Field order of a hand-written scenario: faults before expectations.
  const { expectations: list, ...head } = value
  mined.value = { ...head, expectations: list }
  if (value.state) comment(mined, 'state', "what the case started from, over the twin's fixtures")
  return renderMined(mined)
}
