import { AgentTwinReporter } from 'agenttwin/reporter'
import { agentTwin } from 'agenttwin/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './versions.ts',
      // Each scenario runs on both versions; the pair compares them case by case.
      pairs: [{ baseline: 'v1', candidate: 'v2' }],
    }),
  ],
  test: {
    reporters: ['default', new AgentTwinReporter({ outputFile: 'reports/agenttwin.json' })],
  },
})
