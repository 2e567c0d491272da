import { isJsonObject } from '../core/json.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems, stringItems } from './guards.ts'
import type { Issue } from './issue.ts'
import { forbiddenKeyIssues, statePathIssues } from './state-paths.ts'
import { toolIssues } from './twin-tool-checks.ts'

/**
 * The checks of a `twin.v1` document that its JSON Schema cannot make. Safe to
 * run on a document that failed its schema: parts of the wrong shape are skipped.
 * @example
 * twinIssues(parsed.value) // [{ path: ['tools', 1, 'name'], message: 'tool name ... is used twice', ... }]
 */
export function twinIssues(twin: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  const http = isJsonObject(twin.http) ? twin.http : {}
  if (typeof http.baseUrl === 'string' && http.baseUrl !== '') {
    issues.push(...baseUrlIssues(http.baseUrl, ['http', 'baseUrl']))
  }
  issues.push(...forbiddenKeyIssues(twin.state, ['state']))
  for (const [index, path] of stringItems(twin.volatile)) {
    issues.push(...statePathIssues(path, ['volatile', index], 'pattern'))
  }
  const tools = recordItems(twin.tools)
  issues.push(...duplicateNameIssues(tools), ...duplicateRouteIssues(tools))
  for (const [index, tool] of tools) issues.push(...toolIssues(tool, ['tools', index]))
  return issues
}

function baseUrlIssues(baseUrl: string, at: FieldPath): Issue[] {
  let url: URL | undefined
  try {
    url = new URL(baseUrl)
  } catch {
    url = undefined
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return []
  return [
    {
      path: at,
      message: `baseUrl "${baseUrl}" is not an absolute http(s) URL`,
      fix: 'write a full URL such as `https://payments.twin.test`',
    },
  ]
}

function duplicateNameIssues(tools: [number, Record<string, unknown>][]): Issue[] {
  const firstIndex = new Map<string, number>()
  const issues: Issue[] = []
  for (const [index, tool] of tools) {
    if (typeof tool.name !== 'string') continue
    const first = firstIndex.get(tool.name)
    if (first === undefined) {
      firstIndex.set(tool.name, index)
      continue
    }
    issues.push({
      path: ['tools', index, 'name'],
      message: `tool name \`${tool.name}\` is used twice (first by tools[${first}])`,
      fix: 'give every tool its own name',
    })
  }
  return issues
}

/** Tools without `http` answer `POST /tools/<name>`; two tools must not share a route. */
function duplicateRouteIssues(tools: [number, Record<string, unknown>][]): Issue[] {
  const firstIndex = new Map<string, number>()
  const issues: Issue[] = []
  for (const [index, tool] of tools) {
    const http = isJsonObject(tool.http) ? tool.http : undefined
    const method = typeof http?.method === 'string' ? http.method : 'POST'
    const path = typeof http?.path === 'string' ? http.path : `/tools/${String(tool.name)}`
    const route = `${method} ${normalizeRoute(path)}`
    const first = firstIndex.get(route)
    if (first === undefined) {
      firstIndex.set(route, index)
      continue
    }
    issues.push({
      path: http ? ['tools', index, 'http'] : ['tools', index, 'name'],
      at: 'key',
      message: `tool \`${String(tool.name)}\` answers ${method} ${path}, the same route as tools[${first}]`,
      fix: 'give each tool its own method and path',
    })
  }
  return issues
}

/** `/orders/{id}/` and `/orders/{order_id}` are the same route. */
function normalizeRoute(path: string): string {
  const route = path.replace(/\{[^}]*\}/g, '{}')
  return route.length > 1 ? route.replace(/\/+$/, '') : route
}
