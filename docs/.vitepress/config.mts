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
        { text: 'Continuous integration', link: '/guide/ci' },
      ],
    },
  ]
}
