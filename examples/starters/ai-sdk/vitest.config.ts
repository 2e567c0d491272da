import { defineConfig } from 'vitest/config'
import { agentTwin } from '../../../src/public/vitest.ts'

export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './agents.ts',
      // v2 refunds more than the policy allows: the gate must block it, and
      // the run stays green while it does. Remove expectGate to see it fail.
      pairs: [{ baseline: 'v1', candidate: 'v2', expectGate: 'BLOCK' }],
      models: {
        // Requests to this model server are recorded to cassettes/ and replayed
        // from there: under CI always, with no server and no key.
        hosts: [process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4030/v1'],
        cassetteDir: 'cassettes',
      },
    }),
  ],
})
