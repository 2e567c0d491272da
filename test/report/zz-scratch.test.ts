import { test } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import { renderMarkdown, renderTerminal } from '../../src/report/index.ts'
import { runSide } from '../compare/helpers/suite.ts'

test('dump', async () => {
  const r = buildReport([
    comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
  ])
  console.log(renderTerminal(r, { color: false }))
  console.log('=====MD')
  console.log(renderMarkdown(r))
})
