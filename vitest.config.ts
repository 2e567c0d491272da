import { configDefaults, defineConfig } from 'vitest/config'
import { adapterExamples } from './examples/adapters/projects.ts'
import { AgentTwinReporter } from './src/public/reporter.ts'
import { agentTwin } from './src/public/vitest.ts'

export default defineConfig({
  test: {
    reporters: ['default', new AgentTwinReporter({ outputFile: 'reports/demo.json' })],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/fixtures/**', 'test/**/fixtures/**'],
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Scratch projects the tests write are run by those tests, not collected as tests.
          exclude: [...configDefaults.exclude, 'test/e2e/.tmp/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Most of an end-to-end file's time is a child process (a scratch
          // project's Vitest, a build, a browser) that the worker waits on:
          // two files at once keep both cores busy. They run after the other
          // projects (a project with its own worker count needs its own group).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Demo Co: three versions of a support refund agent, compared in pairs.
        plugins: [
          agentTwin({
            scenarios: 'examples/demo-co/scenarios/*.scenario.yaml',
            agents: './examples/demo-co/agent/index.ts',
            // The planner reads its manifests from disk: edit one and the scenarios rerun.
            agentFiles: 'examples/demo-co/manifests/*.md',
            pairs: [
              // The deliberate regression: the gate must block it.
              { baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' },
              { baseline: 'v1.3.0', candidate: 'v1.3.1' },
              { baseline: 'v1.2.4', candidate: 'v1.3.1' },
            ],
            overrides: 'examples/demo-co/reviews/overrides.yaml',
          }),
        ],
        test: {
          name: 'demo',
          include: ['examples/demo-co/**/*.test.ts'],
          // Every case builds its own twin and interception, so the scenario
          // files can share a worker's module cache (the README's speed tip has the figures).
          isolate: false,
        },
      },
      {
        // An AI SDK agent on a language model, replayed offline from committed cassettes.
        plugins: [
          agentTwin({
            scenarios: 'examples/llm-agent/scenarios/*.scenario.yaml',
            agents: './examples/llm-agent/agent/index.ts',
            pairs: [{ baseline: 'v1', candidate: 'v2' }],
            models: {
              hosts: [process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4010/v1'],
              cassetteDir: 'examples/llm-agent/cassettes',
              prices: { 'scripted-model-1': { input: 0.15, output: 0.6 } },
            },
          }),
        ],
        test: { name: 'llm-agent', include: ['examples/llm-agent/**/*.test.ts'] },
      },
      {
        // The same kind of AI SDK agent under a prompt injection, replayed from committed cassettes.
        plugins: [
          agentTwin({
            scenarios: 'examples/llm-agent/injection/scenarios/*.scenario.yaml',
            agents: './examples/llm-agent/injection/agent.ts',
            // The trusting prompt follows the note: the gate must block it.
            pairs: [{ baseline: 'guarded', candidate: 'trusting', expectGate: 'BLOCK' }],
            models: {
              hosts: [process.env.LLM_INJECTION_BASE_URL ?? 'http://127.0.0.1:4011/v1'],
              cassetteDir: 'examples/llm-agent/injection/cassettes',
            },
          }),
        ],
        test: { name: 'llm-injection', include: ['examples/llm-agent/injection/**/*.test.ts'] },
      },
      // Your agent as it is: one project a framework, each a pair replayed offline (examples/adapters).
      ...adapterExamples(),
      // The AI SDK starter \`agenttwin init --template ai-sdk\` writes, run from its own folder
      // with its own config, replayed offline from its committed cassettes.
      {
        extends: './examples/starters/ai-sdk/vitest.config.ts',
        test: { name: 'starter-ai-sdk', root: 'examples/starters/ai-sdk' },
      },
    ],
  },
})
