import { DocumentStore } from './src/schema/document-store.ts'
import { loadScenarioIn } from './src/schema/parse-scenario.ts'
import { pinCase } from './src/scenario/pin.ts'
import { deepFreeze } from './src/core/freeze.ts'
const store = new DocumentStore()
const N = 300
const t = { load: 0, pin: 0 }
for (let round = 0; round < 2; round++) {
  t.load = 0; t.pin = 0
  for (let i = 0; i < N; i++) {
    const f = `/tmp/blk/s/case-${i}.scenario.yaml`
    if (round === 1) store.forget(f)
    let a = performance.now()
    const loaded = loadScenarioIn(store, f)
    deepFreeze(loaded.twin)
    let b = performance.now(); t.load += b - a
    pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
    t.pin += performance.now() - b
  }
  console.log(`round ${round}: load ${(t.load / N).toFixed(2)} ms/block, pin ${(t.pin / N).toFixed(2)} ms/block`)
}
