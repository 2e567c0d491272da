import { defineConfig } from 'vitepress'
import { referenceSidebar, releasesSidebar } from './reference-sidebar.mts'

/**
 * The documentation site. Guides are written by hand; everything under
 * `reference/` is generated from the code by `scripts/docs/generate.ts`
 * (`npm run docs:build` runs it first), so it cannot drift from the package.
 */
export default defineConfig({
  title: 'AgentTwin',
  description: 'Test AI agents by what verifiably happened in the systems they touched.',
  lang: 'en',
  cleanUrls: true,
  // A dead link fails the build; anchors are checked after it by scripts/docs/check-links.mjs.
  ignoreDeadLinks: false,
  srcExclude: ['**/README.md'],
  markdown: {
    // High-contrast highlighting: every token reads at 4.5:1 or more (axe's colour-contrast rule).
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/' },
      { text: 'Releases', link: '/releases/' },
    ],
    sidebar: {
      '/guide/': guideSidebar(),
      '/reference/': referenceSidebar(),
      '/releases/': [{ text: 'Releases', items: releasesSidebar() }],
    },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
})

function guideSidebar() {
  return [
    {
      text: 'Getting started',
      items: [
        { text: 'Your first tests', link: '/guide/getting-started' },
        { text: 'Your AI SDK agent, in a pair', link: '/guide/ai-sdk-starter' },
        { text: 'Continuous integration', link: '/guide/ci' },
      ],
    },
    {
      text: 'Testing your agent',
      items: [
        { text: 'Framework adapters', link: '/guide/adapters/' },
        { text: 'AI SDK', link: '/guide/adapters/ai-sdk' },
        { text: 'OpenAI Agents SDK', link: '/guide/adapters/openai-agents' },
        { text: 'LangChain.js and LangGraph.js', link: '/guide/adapters/langchain' },
        { text: 'Mastra', link: '/guide/adapters/mastra' },
        { text: 'Record and replay model traffic', link: '/guide/model-traffic' },
        { text: 'Conversations', link: '/guide/conversations' },
        { text: 'Simulated users', link: '/guide/simulated-users' },
        { text: 'Injection testing', link: '/guide/injection' },
        { text: 'Trials', link: '/guide/trials' },
      ],
    },
    {
      text: 'Concepts',
      items: [
        { text: 'Tool twins', link: '/guide/twins' },
        { text: 'Scenarios', link: '/guide/scenarios' },
        { text: 'Faults', link: '/guide/faults' },
        { text: 'Vitest: plugin, fixtures, matchers', link: '/guide/vitest' },
        { text: 'Paired comparison', link: '/guide/pairs' },
        { text: 'The HTML report', link: '/guide/html-report' },
      ],
    },
    {
      text: 'More',
      items: [
        { text: 'Judges and human review', link: '/guide/judges' },
        { text: 'Outcome contracts', link: '/guide/contracts' },
        { text: 'The regression miner', link: '/guide/miner' },
        { text: 'Traces as claims', link: '/guide/traces' },
        { text: 'Twins over MCP', link: '/guide/mcp' },
        { text: 'The agenttwin command', link: '/guide/cli' },
        { text: 'Limits', link: '/guide/limits' },
        { text: 'Guarantees', link: '/guide/guarantees' },
        { text: 'Benchmarks', link: '/guide/benchmarks' },
      ],
    },
  ]
}
