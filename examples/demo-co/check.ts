/**
 * Runs the nine Demo Co scenarios against each shipped manifest through the
 * real machinery (twin, faults, MSW interception, evaluators, comparison) and
 * prints, per scenario and version: the tool calls the twin recorded, the
 * claimed outcome and the final refund figures; then the three comparisons.
 *
 *   npx tsx examples/demo-co/check.ts
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runCase } from '../../src/case/run-case.ts'
import { comparePair, type SideRuns } from '../../src/compare/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { readPath } from '../../src/core/state-path.ts'
import { evaluateExpectations } from '../../src/evaluate/index.ts'
import { createFakeJudge, evaluateJudge } from '../../src/judge/index.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'
import { agents } from './agent/index.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const scenarioFiles = readdirSync(`${here}scenarios`)
  .filter((name) => name.endsWith('.scenario.yaml'))
  .map((name) => `${here}scenarios/${name}`)

// Loading validates every scenario and its twin (file:line:col problems, all at once).
const selection = pinSelection(await Promise.all(scenarioFiles.map((file) => loadScenario(file))))

const judge = createFakeJudge()
const sides: Record<string, SideRuns> = {}
for (const [key, agent] of Object.entries(agents)) {
  const side: SideRuns = { agent: { name: agent.name, version: agent.version }, cases: [] }
  for (const pinned of selection.cases) {
    const run = await runCase(pinned, agent)
    const results = await evaluateExpectations(pinned.document.expectations, run, {
      judge: (expectation, judged) => evaluateJudge(expectation, judged, judge),
    })
    side.cases.push({ run, results })
  }
  sides[key] = side
}

const orderOf = (run: CaseRun) => {
  const args = run.records.find((record) => record.tool === 'lookup_order')?.args
  return typeof args?.order_id === 'string' ? args.order_id : undefined
}
const figure = (state: JsonObject, path: string) => {
  const found = readPath(state, path)
  return found.found ? JSON.stringify(found.value) : '-'
}
const letters: Record<string, string> = {
  lookup_order: 'L',
  get_refund_policy: 'P',
  refund_payment: 'R',
  send_customer_email: 'E',
  handoff_to_human: 'H',
}

console.log(
  'scenario / version: tool calls (twin records) | claimed | refund_count refunded_amount | failed',
)
for (const [index, pinned] of selection.cases.entries()) {
  console.log(`\n${pinned.scenario.id}`)
  for (const [key, side] of Object.entries(sides)) {
    const { run, results } = side.cases[index]!
    const calls = run.records.map((record) => {
      const status = record.status === null ? 'no answer' : record.status
      const plain = record.status !== null && record.status < 300
      return `${letters[record.tool] ?? record.tool}${plain ? '' : `(${status})`}`
    })
    const order = orderOf(run)
    const money = order
      ? `${figure(run.finalState, `orders.${order}.refund_count`)} ${figure(run.finalState, `orders.${order}.refunded_amount`)}`
      : '- -'
    const failed = results
      .filter((result) => result.label !== 'PASS')
      .map((result) => `${result.id}${result.critical ? '!' : ''}=${result.label}`)
    if (!run.finished) failed.unshift(`UNFINISHED (${run.error?.kind}: ${run.error?.message})`)
    console.log(
      `  ${key.padEnd(7)} ${String(run.records.length).padStart(2)}  ${calls.join(' ').padEnd(28)} ${(run.result?.outcome ?? '-').padEnd(8)} ${money.padEnd(8)} ${failed.join(', ')}`,
    )
  }
}

console.log('\ntool calls over the nine scenarios')
for (const [key, side] of Object.entries(sides)) {
  const total = side.cases.reduce((sum, { run }) => sum + run.records.length, 0)
  console.log(`  ${key}: ${total}`)
}

console.log('\npairs (candidate vs baseline)')
for (const [candidate, baseline] of [
  ['v1.3.0', 'v1.2.4'],
  ['v1.3.1', 'v1.3.0'],
  ['v1.3.1', 'v1.2.4'],
] as const) {
  const pair = comparePair({ baseline: sides[baseline]!, candidate: sides[candidate]! })
  const counts = Object.entries(pair.counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${name}`)
  const notable = pair.cases
    .filter((item) => item.classification !== 'UNCHANGED')
    .map((item) => `${item.scenario.id}=${item.classification}`)
  console.log(
    `  ${candidate} vs ${baseline}: ${counts.join(', ')}  [${notable.join(', ')}]  gate ${pair.gate.verdict}`,
  )
  for (const item of pair.cases) {
    if (item.classification === 'UNCHANGED' || !item.divergence) continue
    console.log(`    ${item.scenario.id}: ${item.divergence.sentence} ${item.divergence.detail}`)
  }
}
