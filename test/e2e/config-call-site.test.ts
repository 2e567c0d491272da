import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadConfigFromFile } from 'vite'
import { expect, test } from 'vitest'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Vite loads vitest.config.ts by bundling it to a temporary .mjs file (with an
// inline source map), importing that and deleting it: the frames of a config's
// mistake are in that file. The error must name the config the user wrote.
const repo = fileURLToPath(new URL('../..', import.meta.url))

test('a wrong plugin option is named at its line and column in vitest.config.ts, not in the bundle Vite imports', async () => {
  const root = freshTmpDir('config-call-site')
  const config = `${root}/vitest.config.ts`
  writeFileSync(
    config,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}src/public/vitest.ts'`,
      '',
      'export default defineConfig({',
      "  plugins: [agentTwin({ scenario: 'x.scenario.yaml', agents: './agents.ts' })],",
      '})',
      '',
    ].join('\n'),
  )
  const error = await loadConfigFromFile({ command: 'serve', mode: 'test' }, config, root).then(
    () => undefined,
    (failure: Error) => failure,
  )
  expect(error?.message.split('\n')[0]).toBe(
    `${config}:5:13 agentTwin(): scenario: unknown option "scenario". Fix: did you mean "scenarios"? the options here are: scenarios, agents, agentFiles, versions, pairs, attacks, seed, trials, alpha, timeoutMs, gate, overrides, models, network, judge, reporter`,
  )
}, 120_000)
