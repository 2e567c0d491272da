/**
 * The releases section of the site, from `CHANGELOG.md`: the changelog itself,
 * and one migration page per minor version that lists its breaking changes
 * with their migration notes, so an upgrade is a checklist.
 */
import { GENERATED_NOTE, page } from './markdown.ts'

/** One version's section of the changelog. */
export interface ChangelogVersion {
  /** `0.2.0` */
  version: string
  heading: string
  /** Each breaking change: its whole entry (Markdown), migration note included. */
  breaking: string[]
  body: string
}

/** What a version number promises, said once at the top of the releases page. */
const SEMVER_NOTE =
  'AgentTwin follows [semantic versioning](https://semver.org). Before 1.0.0 a minor version (0.x.0) may break; every break is listed with what to change, and each minor line has a migration page. Patch versions (0.x.y) never break.'

/**
 * Splits the changelog into its versions, newest first, as written. A
 * version's breaking changes are the bullets under `### Breaking changes`
 * (written by hand), or, as `changeset version` writes them, the bullets of
 * `### Major Changes` / `### Minor Changes` that start with `**Breaking`.
 */
export function parseChangelog(text: string): ChangelogVersion[] {
  const sections = text.split(/^## /m).slice(1)
  return sections.map((section) => {
    const [heading = '', ...lines] = section.split('\n')
    const body = lines.join('\n')
    const version = /^(\d+\.\d+\.\d+)/.exec(heading)?.[1] ?? heading
    return { version, heading, breaking: breakingChanges(body), body }
  })
}

function breakingChanges(body: string): string[] {
  const part = (title: string) =>
    new RegExp(`^### ${title}\\n([\\s\\S]*?)(?=^### |$(?![\\s\\S]))`, 'm').exec(body)?.[1]
  const written = part('Breaking changes')
  if (written !== undefined) return bullets(written)
  if (!/^### /m.test(body)) return bullets(body)
  return [part('Major Changes'), part('Minor Changes')]
    .flatMap((changes) => bullets(changes ?? ''))
    .filter((entry) => /^- (?:[0-9a-f]{7,}: )?\*\*Breaking/.test(entry))
}

function bullets(markdown: string): string[] {
  return markdown
    .split(/^- /m)
    .slice(1)
    .map((entry) => `- ${entry.trim()}`)
}

/** `0.2` for `0.2.0`: a minor line, the unit a migration guide covers. */
export function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.')
}

/** The migration page of one minor line. */
export function migrationPage(minor: string, versions: readonly ChangelogVersion[]): string {
  const breaks = versions.flatMap((version) => version.breaking)
  return page(`Migrating to ${minor}`, [
    GENERATED_NOTE,
    '',
    breaks.length === 0
      ? `Nothing breaks in ${minor}: upgrade and run your tests.`
      : `Upgrade with \`npm install --save-dev agenttwin@${minor}\`, then go through each change below: what changed, and what to do (*Migration*). Run \`npx agenttwin validate\` on your documents and your tests afterwards; every document problem is reported at its line with a fix.`,
    '',
    ...breaks,
  ])
}

/** Every release page, by path relative to `releases/`. */
export function releasePages(changelog: string): Map<string, string> {
  const versions = parseChangelog(changelog)
  const pages = new Map<string, string>()
  pages.set(
    'index.md',
    `${GENERATED_NOTE}\n\n${SEMVER_NOTE}\n\n::: v-pre\n${changelog.trim()}\n\n:::\n`,
  )
  const minors = [...new Set(versions.map((version) => minorOf(version.version)))]
  for (const minor of minors) {
    pages.set(
      `migrate-${minor}.md`,
      migrationPage(
        minor,
        versions.filter((v) => minorOf(v.version) === minor),
      ),
    )
  }
  return pages
}
