import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import type { SideCase } from '../../src/compare/pair.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.ts'
import { result } from '../compare/helpers/results.ts'
import { call, runCase, v124 } from '../compare/helpers/run-case.ts'
import { parseHtml } from '../support/html-dom.ts'
import { normaliseText } from '../support/normalise-text.ts'

function refusedSide(): SideCase {
  const run = runCase({ id: 'order-status' }, v124, {
    calls: [call.lookup()],
    error: { kind: 'unhandled-request', message: 'the agent sent requests no twin handles' },
  })
  run.refused = [
    { method: 'GET', url: 'https://elsewhere.test/status', client: 'undici', message: 'blocked' },
  ]
  return { run, results: [result('order-looked-up', 'ERROR')] }
}

const passed: SideCase = {
  run: runCase({ id: 'refund-happy-path' }, v124, { calls: [call.lookup(), call.policy()] }),
  results: [result('refunded', 'PASS')],
}

const report = buildReport([], {
  singleCases: [refusedSide(), passed],
  runErrors: [
    {
      kind: 'load-failure',
      file: 'scenarios/<broken>.scenario.yaml',
      message: '1 problem:\nline 6: `seed` must be an integer, found <script>',
    },
  ],
})

describe('cases on one version and what was not judged, in every renderer', () => {
  it('the terminal lists each case with its evidence and each run error with its message', () => {
    const text = renderTerminal(report, { color: false })
    expect(normaliseText(text)).toMatchInlineSnapshot(`
      "Cases on one version: 1 INCOMPLETE, 1 PASS
        INCOMPLETE order-status 1 on support-refund-agent 1.2.4: The case did not finish (unhandled-request: the agent sent requests no twin handles).
          tool calls 1 · llm scripted · tokens n/a · refused 1
          refused GET https://elsewhere.test/status (undici)
        PASS refund-happy-path 1 on support-refund-agent 1.2.4: The one expectation passed.
          tool calls 2 · llm scripted · tokens n/a

      Not judged (each blocks the gate)
        scenarios/<broken>.scenario.yaml did not load
          1 problem:
          line 6: \`seed\` must be an integer, found <script>

      Gate BLOCK: 1 INCOMPLETE case on one version (warn); 1 file did not load: scenarios/<broken>.scenario.yaml (block)
      "
    `)
  })

  it('the step summary has a table of cases and the run errors, and no declared-gate note', () => {
    const markdown = renderMarkdown(report, { declaredGates: [] })
    expect(normaliseText(markdown)).toMatchInlineSnapshot(`
      "## AgentTwin comparison

      No pair was compared.

      ### Cases on one version: 1 INCOMPLETE, 1 PASS

      | case | verdict | why | evidence |
      | --- | --- | --- | --- |
      | order-status 1 on support-refund-agent 1.2.4 | INCOMPLETE | The case did not finish (unhandled-request: the agent sent requests no twin handles). | tool calls 1 · llm scripted · tokens n/a · refused 1; refused GET https://elsewhere.test/status (undici) |
      | refund-happy-path 1 on support-refund-agent 1.2.4 | PASS | The one expectation passed. | tool calls 2 · llm scripted · tokens n/a |

      ### ⛔ Not judged

      - **scenarios/<broken>.scenario.yaml did not load**

        \`\`\`text
        1 problem:
        line 6: \`seed\` must be an integer, found <script>
        \`\`\`

      **Overall gate: BLOCK**
      "
    `)
  })

  it('the HTML report shows both, every value escaped', () => {
    const page = parseHtml(renderHtml(report))
    expect(page.text('h2:has(+ table.singles)')).toBe('Cases on one version: 1 INCOMPLETE, 1 PASS')
    expect(page.rows('table.singles')).toEqual([
      ['case', 'verdict', 'why', 'evidence'],
      [
        'order-status 1 on support-refund-agent 1.2.4',
        'INCOMPLETE',
        'The case did not finish (unhandled-request: the agent sent requests no twin handles).',
        'tool calls 1 · llm scripted · tokens n/a · refused 1 refused GET https://elsewhere.test/status (undici)',
      ],
      [
        'refund-happy-path 1 on support-refund-agent 1.2.4',
        'PASS',
        'The one expectation passed.',
        'tool calls 2 · llm scripted · tokens n/a',
      ],
    ])
    expect(page.texts('table.singles ul.changes li')).toEqual([
      'refused GET https://elsewhere.test/status (undici)',
    ])
    // The file name and the message keep their markup as text: no element came from them.
    const error = page.one('section.run-errors .run-error')
    expect(page.text('h4', error)).toBe('scenarios/<broken>.scenario.yaml did not load')
    expect(page.one('pre', error).textContent).toBe(
      '1 problem:\nline 6: `seed` must be an integer, found <script>',
    )
    expect(page.all('broken, script')).toHaveLength(1)
  })
})

describe('failed tests written by hand, in every renderer', () => {
  const withTests = buildReport([], {
    singleCases: [passed],
    runErrors: [
      {
        kind: 'load-failure',
        file: 'scenarios/broken.scenario.yaml',
        message: '1 problem:\nline 6: `seed` must be an integer',
      },
      {
        kind: 'failed-test',
        file: 'test/leave.test.ts',
        test: 'leave <b>desk</b> > files once',
        message: 'expected 2 to be 1\n(and 1 more error)',
      },
    ],
  })

  it('the terminal lists them under their own heading, after what was not judged', () => {
    expect(normaliseText(renderTerminal(withTests, { color: false }))).toMatchInlineSnapshot(`
      "Cases on one version: 1 PASS
        PASS refund-happy-path 1 on support-refund-agent 1.2.4: The one expectation passed.
          tool calls 2 · llm scripted · tokens n/a

      Not judged (each blocks the gate)
        scenarios/broken.scenario.yaml did not load
          1 problem:
          line 6: \`seed\` must be an integer

      Failed tests (each blocks the gate)
        test/leave.test.ts > leave <b>desk</b> > files once failed
          expected 2 to be 1
          (and 1 more error)

      Gate BLOCK: 1 file did not load: scenarios/broken.scenario.yaml (block); 1 test failed in test/leave.test.ts (block)
      "
    `)
  })

  it('the step summary gives them a section of their own', () => {
    const markdown = renderMarkdown(withTests, { declaredGates: [] })
    const from = markdown.indexOf('### ⛔ Failed tests')
    expect(from).toBeGreaterThan(markdown.indexOf('### ⛔ Not judged'))
    expect(markdown.slice(from, markdown.indexOf('**Overall gate'))).toMatchInlineSnapshot(`
      "### ⛔ Failed tests

      - **test/leave.test.ts > leave <b>desk</b> > files once failed**

        \`\`\`text
        expected 2 to be 1
        (and 1 more error)
        \`\`\`

      "
    `)
  })

  it('the HTML report shows them in a section of their own, the test name as text', () => {
    const page = parseHtml(renderHtml(withTests))
    expect(page.texts('section.run-errors h2')).toEqual([
      'Not judged: each blocks the gate',
      'Failed tests: each blocks the gate',
    ])
    expect(page.texts('section.run-errors h4')).toEqual([
      'scenarios/broken.scenario.yaml did not load',
      'test/leave.test.ts > leave <b>desk</b> > files once failed',
    ])
    expect(page.all('section.run-errors b')).toHaveLength(0)
  })
})
