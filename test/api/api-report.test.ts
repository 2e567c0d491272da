import { createTwoFilesPatch } from 'diff'
import { expect, it } from 'vitest'

interface ApiReportModule {
  generateApiReport(): string
  committedApiReport(): string
  REPORT_FILE: string
}

// A plain script (it also runs as `npm run api:update`), so it is loaded by URL.
const script = new URL('../../scripts/api-report.mjs', import.meta.url).href
const { committedApiReport, generateApiReport, REPORT_FILE } = (await import(
  /* @vite-ignore */ script
)) as ApiReportModule

it('the committed API report matches the public API of every entry', () => {
  const committed = committedApiReport()
  const current = generateApiReport()
  if (current !== committed) {
    const patch = createTwoFilesPatch(
      REPORT_FILE,
      `${REPORT_FILE} (from the code)`,
      committed,
      current,
    )
    expect.fail(
      `The public API differs from ${REPORT_FILE}:\n${patch}\n` +
        'If the change is intended, run `npm run api:update` and commit the report.',
    )
  }
  // The report names every entry of package.json's exports that has code.
  for (const subpath of [
    'agenttwin',
    'agenttwin/vitest',
    'agenttwin/reporter',
    'agenttwin/msw',
    'agenttwin/server',
    'agenttwin/mcp',
  ]) {
    expect(current).toContain(`## ${subpath}\n`)
  }
}, 120_000)
