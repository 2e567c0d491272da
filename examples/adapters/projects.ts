/**
 * The adapter examples as Vitest projects: one a framework, each running the
 * same scenarios against its pair (v2 refunds the full total: the gate must
 * block it), with the model traffic replayed from the framework's cassettes.
 */
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { agentTwin } from '../../src/public/vitest.ts'

/** The frameworks, and whether their model traffic goes over HTTP (and so into cassettes). */
const FRAMEWORKS = [
  // The AI SDK example also talks to a simulated customer played by a model (its own cassettes).
  { name: 'ai-sdk', recorded: true, own: 'examples/adapters/ai-sdk/*.scenario.yaml' },
  { name: 'openai-agents', recorded: true },
  { name: 'langchain', recorded: false },
  { name: 'mastra', recorded: true },
] as const

export function adapterExamples(): TestProjectInlineConfiguration[] {
  return FRAMEWORKS.map(({ name, recorded, ...more }) => ({
    plugins: [
      agentTwin({
        scenarios: [
          'examples/adapters/scenarios/*.scenario.yaml',
          ...('own' in more ? [more.own] : []),
        ],
        agents: `./examples/adapters/${name}/agents.ts`,
        pairs: [{ baseline: `${name}-v1`, candidate: `${name}-v2`, expectGate: 'BLOCK' }],
        ...(recorded && {
          models: {
            hosts: [process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4020/v1'],
            cassetteDir: `examples/adapters/${name}/cassettes`,
          },
        }),
      }),
    ],
    test: { name: `adapters-${name}`, include: [`examples/adapters/${name}/**/*.test.ts`] },
  }))
}
