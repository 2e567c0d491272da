import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { demoOutput } from './support/demo-output.ts'

// The reference was recorded from main before trials existed, by running this
// same support module on main's sources: the terminal text verbatim, and the
// SHA-256 of the whole output (terminal, Markdown, HTML, JSON; 1.4 MB). It was
// recorded again when the JSON report became comparison-report.v2 (each CaseRun
// once in `runs`), after checking that the new output with its runs put back
// inline on every side hashes to the old reference. Recorded again when the HTML page's markup changed
// (its CSP names its script and style by hash; the verified-outcome row gives the claim verdict), with
// the terminal text, the Markdown and the JSON unchanged. Recorded again when the page's style gained
// the rules of conversation turns in the lanes (only the style and its CSP hash changed). Recorded
// again when the lanes separated a call's arguments with a comma as the terminal does (the output
// with `</span>, <span class="arg">` put back to a space hashes to the previous reference).
const reference = (name: string) =>
  readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8')

test('one trial per case reproduces the Demo Co output of main exactly', async () => {
  const output = await demoOutput()
  expect(output.slice(0, output.indexOf('## AgentTwin comparison'))).toBe(
    reference('demo-terminal.txt'),
  )
  expect(createHash('sha256').update(output).digest('hex')).toBe(
    reference('demo-output.sha256').trim(),
  )
}, 120_000)
