import { execSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { parseHtml } from '../support/html-dom.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// The GitHub Actions workflow the CI guide shows, run here as the runners
// would: each shard's command, then the merge job's commands, taken from the
// workflow file itself so the guide cannot drift from what works.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const workflow = parse(readFileSync(`${repo}docs/examples/ci/agent-tests.yml`, 'utf8')) as {
  jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[] }>
}
interface Step {
  name?: string
  run?: string
  env?: Record<string, string>
}
// Demo Co's three pairs over three scenarios, at the same depth as their fixture so its relative paths hold.
const project = freshTmpDir('ci-workflow')

function stepNamed(job: string, name: string): Step {
  const step = workflow.jobs[job]?.steps.find((candidate) => candidate.name === name)
  if (!step?.run)
    throw new Error(`the workflow has no step "${name}" with a run command in job ${job}`)
  return step
}

/** Runs a workflow command the way a runner's shell would, with the repository's agenttwin as `npx agenttwin`. */
function sh(step: Step, vars: Record<string, string> = {}) {
  let command = step.run!.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in vars)) throw new Error(`the test gives no value for ${whole}`)
    return vars[name]!
  })
  command = command.replace(/^npx agenttwin /, `node ${repo}bin/agenttwin.js `)
  try {
    return {
      code: 0,
      output: execSync(command, {
        cwd: project,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, ...step.env, NO_COLOR: '1' },
      }),
    }
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string }
    return { code: failed.status, output: failed.stdout + failed.stderr }
  }
}

const shards = workflow.jobs.test!.strategy!.matrix.shard

beforeAll(() => {
  cpSync(fileURLToPath(new URL('./fixtures/demo-pairs', import.meta.url)), project, {
    recursive: true,
  })
})

describe("the CI guide's workflow", () => {
  test('each shard writes its blob; the declared regression keeps every shard green', () => {
    for (const shard of shards) {
      const result = sh(stepNamed('test', 'Run shard'), {
        'matrix.shard': String(shard),
        'strategy.job-total': String(shards.length),
      })
      expect(result.code, result.output).toBe(0)
      expect(existsSync(`${project}/.vitest-reports/blob-${shard}.json`)).toBe(true)
    }
  }, 300_000)

  test('the merge job rebuilds the whole comparison from the blobs, with its gate, and renders the HTML report', () => {
    const merged = sh(stepNamed('report', 'Merge reports'))
    expect(merged.code, merged.output).toBe(0)
    const report = JSON.parse(readFileSync(`${project}/reports/agenttwin.json`, 'utf8')) as {
      gate: { verdict: string }
      pairs: { counts: Record<string, number> }[]
    }
    // Every case of every pair is back in one report, though no shard ran them all.
    expect(
      report.pairs.map((pair) => Object.values(pair.counts).reduce((a, b) => a + b, 0)),
    ).toEqual([3, 3, 3])
    expect(report.gate.verdict).toBe('BLOCK')
    const html = sh(stepNamed('report', 'HTML report'))
    expect(html.code, html.output).toBe(0)
    const page = readFileSync(`${project}/reports/agenttwin.html`, 'utf8')
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(parseHtml(page).document.title).toBe('AgentTwin comparison: BLOCK')
  })
})
