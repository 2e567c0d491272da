/**
 * Writes the generated half of the documentation site from the code and the
 * changelog: `docs/reference/`, `docs/releases/` and their sidebars. `npm run docs:build` runs it
 * before VitePress; `test/docs/reference.test.ts` checks that every schema
 * field, fault, expectation, CLI verb and error code has its page.
 *
 * Usage: tsx scripts/docs/generate.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { commands } from '../../src/cli/commands/index.ts'
import { ERROR_CODES } from '../../src/core/error-codes.ts'
import { ERROR_GROUPS, ERROR_HELP } from '../../src/core/error-help.ts'
import { faultCatalog } from '../../src/faults/catalog.ts'
import { EXPECTATION_DECLARATIONS } from '../../src/schema/expectations/index.ts'
import { attackSchema, contractSchema, scenarioSchema, twinSchema } from '../../src/schema/index.ts'
import { code, GENERATED_NOTE, page } from './markdown.ts'
import {
  apiPage,
  errorPage,
  errorsIndexPage,
  expectationsPage,
  faultsPage,
} from './reference-pages.ts'
import { minorOf, parseChangelog, releasePages } from './release-pages.ts'
import { examplesFrom, schemaPage } from './schema-pages.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The pages of the reference, by path relative to `reference/`. */
export async function referencePages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>()
  const documents = exampleDocuments()
  const kinds = [
    [
      'twin',
      'Twin documents (twin.v1)',
      'agenttwin/twin.v1',
      twinSchema,
      'A twin is a stateful stand-in for one service the agent calls: its state, its tools, and what each tool does to the state. It is data, never code.',
    ],
    [
      'scenario',
      'Scenario documents (scenario.v1)',
      'agenttwin/scenario.v1',
      scenarioSchema,
      'A scenario is one case: the twin it runs against, the starting state, the input, the faults, and the expectations that judge the agent by what the twin recorded.',
    ],
    [
      'contract',
      'Outcome contracts (contract.v1)',
      'agenttwin/contract.v1',
      contractSchema,
      'An outcome contract says, for one kind of business outcome, what must be true in the systems when an agent claims it.',
    ],
    [
      'attack',
      'Attack documents (attack.v1)',
      'agenttwin/attack.v1',
      attackSchema,
      "An attack is attacker-written content planted into a tool's answer, and the attacker's goal, judged by the state.",
    ],
  ] as const
  for (const [name, title, apiVersion, schema, intro] of kinds) {
    const examples = examplesFrom(documents.filter((d) => d.apiVersion === apiVersion))
    pages.set(
      `${name}.md`,
      schemaPage({ title, apiVersion, schema: schema as Record<string, unknown>, intro, examples }),
    )
  }
  pages.set('faults.md', faultsPage(faultCatalog))
  pages.set('expectations.md', expectationsPage(Object.values(EXPECTATION_DECLARATIONS)))
  for (const errorCode of ERROR_CODES) {
    pages.set(`errors/${errorCode.toLowerCase()}.md`, errorPage(errorCode, ERROR_HELP[errorCode]))
  }
  pages.set('errors/index.md', errorsIndexPage(Object.entries(ERROR_HELP), ERROR_GROUPS))
  for (const entry of commands) {
    const command = await entry.load()
    pages.set(
      `cli/${entry.name}.md`,
      page(`agenttwin ${entry.name}`, [
        GENERATED_NOTE,
        '',
        `${entry.summary}.`,
        '',
        '```text',
        command.usage.trimEnd(),
        '```',
      ]),
    )
  }
  pages.set(
    'cli/index.md',
    page('The agenttwin command', [
      GENERATED_NOTE,
      '',
      'Every verb prints this usage with `npx agenttwin <verb> --help`.',
      '',
      '| verb | what it does |',
      '| --- | --- |',
      ...commands.map((entry) => `| [${code(entry.name)}](./${entry.name}) | ${entry.summary} |`),
    ]),
  )
  pages.set('api.md', apiPage(readFileSync(join(root, 'api/agenttwin.api.md'), 'utf8')))
  pages.set('index.md', indexPage())
  return pages
}

function indexPage(): string {
  return page('Reference', [
    GENERATED_NOTE,
    '',
    'Generated from the code of this version, so it always matches the package you installed.',
    '',
    '- Documents: [twin.v1](./twin), [scenario.v1](./scenario), [contract.v1](./contract), [attack.v1](./attack)',
    '- [Faults](./faults): both facts of every fault, over HTTP and MCP',
    '- [Expectations and matchers](./expectations)',
    '- [The agenttwin command](./cli/)',
    '- [Errors](./errors/): one page per error code',
    '- [Public API](./api)',
  ])
}

/** The sidebar of the reference section, as VitePress config. */
export function referenceSidebarModule(): string {
  const items = (list: [string, string][]) => list.map(([text, link]) => ({ text, link }))
  const sidebar = [
    {
      text: 'Documents',
      items: items([
        ['twin.v1', '/reference/twin'],
        ['scenario.v1', '/reference/scenario'],
        ['contract.v1', '/reference/contract'],
        ['attack.v1', '/reference/attack'],
      ]),
    },
    {
      text: 'Behaviour',
      items: items([
        ['Faults', '/reference/faults'],
        ['Expectations and matchers', '/reference/expectations'],
        ['Public API', '/reference/api'],
      ]),
    },
    {
      text: 'The agenttwin command',
      items: items([
        ['Overview', '/reference/cli/'],
        ...commands.map((c): [string, string] => [c.name, `/reference/cli/${c.name}`]),
      ]),
    },
    {
      text: 'Errors',
      items: items([
        ['All codes', '/reference/errors/'],
        ...ERROR_CODES.map((c): [string, string] => [c, `/reference/errors/${c.toLowerCase()}`]),
      ]),
    },
  ]
  return `// Generated by scripts/docs/generate.ts; do not edit.\nexport function referenceSidebar() {\n  return ${JSON.stringify(sidebar, null, 2)}\n}\n`
}

/** The twin, scenario, contract and attack documents of the examples and the attack library: the source of example values. */
function exampleDocuments(): { apiVersion?: string }[] {
  const folders = ['examples', 'attacks']
  const files = folders.flatMap((folder) => yamlFiles(join(root, folder)))
  return files
    .map((file) => parse(readFileSync(file, 'utf8')) as { apiVersion?: string })
    .filter(Boolean)
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return yamlFiles(path)
    return /\.ya?ml$/.test(entry.name) ? [path] : []
  })
}

function writePages(outDir: string, pages: Map<string, string>): void {
  rmSync(outDir, { recursive: true, force: true })
  for (const [path, text] of pages) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true })
    writeFileSync(join(outDir, path), text)
  }
}

/** The changelog of the repository. */
export function changelogText(): string {
  return readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
}

/** The sidebar of the releases section: the changelog, then a migration page per minor line. */
function releasesSidebar(): { text: string; link: string }[] {
  const minors = [...new Set(parseChangelog(changelogText()).map((v) => minorOf(v.version)))]
  return [
    { text: 'Changelog', link: '/releases/' },
    ...minors.map((minor) => ({
      text: `Migrating to ${minor}`,
      link: `/releases/migrate-${minor}`,
    })),
  ]
}

async function main(): Promise<void> {
  writePages(join(root, 'docs/reference'), await referencePages())
  writePages(join(root, 'docs/releases'), releasePages(changelogText()))
  writeFileSync(
    join(root, 'docs/.vitepress/reference-sidebar.mts'),
    `${referenceSidebarModule()}\nexport function releasesSidebar() {\n  return ${JSON.stringify(releasesSidebar(), null, 2)}\n}\n`,
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
