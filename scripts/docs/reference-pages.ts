/**
 * The reference pages built from data the package already holds: the fault
 * catalog, the expectation registry, the error catalogue and the API report.
 */

import type { ErrorHelp } from '../../src/core/error-help.ts'
import type { FaultType } from '../../src/core/fault-model.ts'
import type { ExpectationDeclaration } from '../../src/schema/expectations/declare.ts'
import { cell, code, GENERATED_NOTE, page, prose, slug } from './markdown.ts'

/** The fault catalog: both facts of every fault, how it renders over HTTP and MCP, its params. */
export function faultsPage(catalog: readonly FaultType[]): string {
  const body = [
    GENERATED_NOTE,
    '',
    'Every fault is defined by two facts: what the dependency did, and what the caller sees. A *dangerous* fault is one where the two contradict each other (the change happened, the caller was told it did not, or the reverse). Name a fault in a scenario rule (`faults:`), in `fault(type)` from code, or list them with `npx agenttwin faults`.',
    '',
    '| fault | the dependency did | the caller sees | dangerous |',
    '| --- | --- | --- | --- |',
    ...catalog.map(
      (fault) =>
        `| [${code(fault.type)}](#${slug(fault.type)}) | ${cell(prose(fault.dependency.description))} | ${cell(prose(fault.caller.description))} | ${fault.dangerous ? 'yes' : ''} |`,
    ),
  ]
  for (const fault of catalog) {
    body.push('', `## ${fault.type}`, '', `**${prose(fault.title)}.**`, '')
    body.push(
      `- **The dependency did** (effect \`${fault.dependency.effect}\`): ${prose(fault.dependency.description)}`,
    )
    body.push(`- **Over HTTP the caller sees:** ${prose(fault.caller.description)}`)
    const mcp = fault.mcp ?? {
      kind: 'tool-result',
      description: 'The same answer as a tool result.',
    }
    body.push(`- **Over MCP** (\`${mcp.kind}\`): ${prose(mcp.description)}`)
    if (fault.injection)
      body.push(`- **Plants attacker content into:** \`${fault.injection.target}\``)
    if (fault.params.length > 0) {
      body.push('', '| param | type | default | what it does |', '| --- | --- | --- | --- |')
      for (const param of fault.params) {
        const shown = param.required
          ? `required${param.example === undefined ? '' : `, e.g. ${code(JSON.stringify(param.example))}`}`
          : param.default === undefined
            ? ''
            : code(JSON.stringify(param.default))
        const allowed = param.allowed
          ? ` One of ${param.allowed.map((v) => code(JSON.stringify(v))).join(', ')}.`
          : ''
        body.push(
          `| ${code(param.name)} | ${param.type} | ${cell(shown)} | ${cell(prose(param.description) + allowed)} |`,
        )
      }
    }
  }
  return page('Faults', body)
}

/** Every expectation type with its fields and the Vitest matchers that spell it. */
export function expectationsPage(declarations: readonly ExpectationDeclaration[]): string {
  const body = [
    GENERATED_NOTE,
    '',
    'An expectation is written in a scenario (`expectations:`) or as a Vitest matcher on a `CaseRun`; both are checked by the same evaluator. Every expectation has an `id`, and may have a `description` and `critical: true` (a failing critical expectation makes the case a critical failure).',
    '',
    '| type | matchers | what it checks |',
    '| --- | --- | --- |',
    ...declarations.map(
      (declaration) =>
        `| [${code(declaration.type)}](#${slug(declaration.type)}) | ${declaration.matchers.map(code).join(', ')} | ${cell(prose(declaration.description))} |`,
    ),
  ]
  for (const declaration of declarations) {
    body.push('', `## ${declaration.type}`, '', prose(declaration.description), '')
    const matchers = [
      ...declaration.matchers.map((name) => `\`expect(run).${name}(...)\``),
      ...(declaration.notMatchers ?? []).map((name) => `\`expect(run).not.${name}(...)\``),
    ]
    body.push(`Matchers: ${matchers.join(', ') || 'none (scenario only)'}.`, '')
    const fields = Object.entries(declaration.properties)
    if (fields.length > 0) {
      body.push('| field | required | what it is |', '| --- | --- | --- |')
      for (const [name, schema] of fields) {
        const description = (schema as { description?: string }).description ?? ''
        body.push(
          `| ${code(name)} | ${declaration.required.includes(name) ? 'yes' : ''} | ${cell(prose(description))} |`,
        )
      }
    }
  }
  return page('Expectations and matchers', body)
}

/** The page of one error code: when it is thrown and what to do. */
export function errorPage(errorCode: string, help: ErrorHelp): string {
  return page(code(errorCode), [
    GENERATED_NOTE,
    '',
    `Group: ${help.group}.`,
    '',
    '## When',
    '',
    prose(linkLimits(help.when)),
    '',
    '## What to do',
    '',
    prose(linkLimits(help.fix)),
    '',
    '## Catching it',
    '',
    '```ts',
    "import { AgentTwinError } from 'agenttwin'",
    '',
    `if (error instanceof AgentTwinError && error.code === '${errorCode}') console.error(error.problem, error.fix)`,
    '```',
    '',
    'Every `AgentTwinError` carries `code`, `problem` (what is wrong and where), `fix`, and `docs`, the path of this page.',
  ])
}

/** The index of all error codes, by group. */
export function errorsIndexPage(
  entries: readonly [string, ErrorHelp][],
  groups: readonly string[],
): string {
  const body = [
    GENERATED_NOTE,
    '',
    'Every error AgentTwin throws on purpose is an `AgentTwinError` with a stable `code` to switch on. Codes never change meaning; the list is `ERROR_CODES`.',
  ]
  for (const group of groups) {
    body.push('', `## ${group}`, '', '| code | when |', '| --- | --- |')
    for (const [errorCode, help] of entries.filter(([, h]) => h.group === group)) {
      body.push(
        `| [${code(errorCode)}](./${errorCode.toLowerCase()}) | ${cell(prose(linkLimits(help.when)))} |`,
      )
    }
  }
  return page('Errors', body)
}

function linkLimits(text: string): string {
  return text.replaceAll('](#limits)', '](/guide/limits)')
}

/** The public API, one section per package entry, from the API report the tests keep current. */
export function apiPage(report: string): string {
  const withoutTitle = report
    .replace(/^# .*\n/, '')
    .replace(/^Generated by .*\n.*\n/m, '')
    // Plain text, not highlighted TypeScript: highlighting ~160 KB of signatures
    // made this one page a 1 MB component and most of the site's build time.
    .replace(/^```ts$/gm, '```text')
  return page('Public API', [
    GENERATED_NOTE,
    '',
    'Every export of every package entry, with its type. Generated from the API report (`api/agenttwin.api.md`), which a test keeps equal to the code.',
    '',
    withoutTitle.trim(),
  ])
}
