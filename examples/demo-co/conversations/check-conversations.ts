/** Prints what each Demo Co version does in each conversation scenario (`npx tsx examples/demo-co/conversations/check-conversations.ts`). */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runAndEvaluateCase } from '../../../src/case/run-and-evaluate.ts'
import { pinSelection } from '../../../src/scenario/pin.ts'
import { loadScenario } from '../../../src/schema/index.ts'
import { agents } from '../agent/index.ts'

const dir = fileURLToPath(new URL('./', import.meta.url))
for (const file of readdirSync(dir).filter((name) => name.endsWith('.scenario.yaml'))) {
  const loaded = await loadScenario(`${dir}${file}`)
  const [pinned] = pinSelection([
    { file: loaded.file, document: loaded.document, twin: loaded.twin },
  ]).cases
  console.log(`\n${loaded.document.id}`)
  for (const [key, agent] of Object.entries(agents)) {
    const { run, results } = await runAndEvaluateCase(pinned!, agent)
    const calls = run.records.map((record) => `${record.turn}:${record.tool}(${record.status})`)
    console.log(`  ${key} ${calls.join(' ')}`)
    for (const turn of run.conversation ?? [])
      console.log(`    turn ${turn.turn}: ${turn.result?.reply ?? turn.error?.message}`)
    for (const result of results.filter((r) => r.label !== 'PASS'))
      console.log(`    ${result.id}=${result.label}: ${result.message}`)
  }
}
