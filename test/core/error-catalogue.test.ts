/// <reference types="vite/client" />
import { existsSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AgentTwinError, ERROR_CODES, errorDocs } from '../../src/core/errors.ts'
import { UnknownToolError } from '../../src/twin/errors.ts'

// Every module of the library, so that an error class anywhere is seen.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../src/**/*.ts', '!../../src/**/*.d.ts', '!../../src/public/vitest-setup.ts'],
  { eager: true },
)

type ErrorClass = (abstract new (...args: never[]) => Error) & { code?: unknown }

/** Each error class once (entries re-export them), named after the module that defines it. */
function exportedClasses(): Map<string, ErrorClass> {
  const names = new Map<ErrorClass, string>()
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function' || !value.prototype) continue
      if (value !== AgentTwinError && !(value.prototype instanceof Error)) continue
      const known = names.get(value as ErrorClass)
      if (known === undefined || known.endsWith('index.ts)') || known.includes('(src/public/')) {
        names.set(value as ErrorClass, `${name} (${file.replace('../../', '')})`)
      }
    }
  }
  return new Map([...names].map(([cls, name]) => [name, cls]))
}

const classes = exportedClasses()
const agentTwinErrors = [...classes].filter(([, cls]) => cls.prototype instanceof AgentTwinError)

describe('the error catalogue', () => {
  it('puts every error class of the library on AgentTwinError', () => {
    const outside = [...classes]
      .filter(([, cls]) => cls !== AgentTwinError && !(cls.prototype instanceof AgentTwinError))
      .map(([name]) => name)
    expect(outside).toEqual([])
    expect(agentTwinErrors.length).toBeGreaterThan(50)
  })

  it('gives each class its own AGENTTWIN_ code, used by no other class', () => {
    const owners = new Map<string, string[]>()
    const problems: string[] = []
    for (const [name, cls] of agentTwinErrors) {
      if (!Object.hasOwn(cls, 'code')) {
        problems.push(`${name} has no static code of its own`)
        continue
      }
      const code = String(cls.code)
      if (!code.startsWith('AGENTTWIN_'))
        problems.push(`${name}: ${code} lacks the AGENTTWIN_ prefix`)
      owners.set(code, [...(owners.get(code) ?? []), name])
    }
    for (const [code, names] of owners) {
      if (names.length > 1) problems.push(`${code} is used by ${names.join(' and ')}`)
    }
    expect(problems).toEqual([])
  })

  it('lists exactly the codes the classes carry', () => {
    const used = new Set(agentTwinErrors.map(([, cls]) => String(cls.code)))
    expect([...used].filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual(
      [],
    )
    expect(ERROR_CODES.filter((code) => !used.has(code))).toEqual([])
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
  })

  it('gives every code a page of the documentation, at the path its errors point to', () => {
    const pages = readdirSync(new URL('../../docs/reference/errors/', import.meta.url)).filter(
      (name) => name !== 'index.md',
    )
    const missing = ERROR_CODES.filter((code) => !pages.includes(`${code.toLowerCase()}.md`))
    const stale = pages.filter((page) => !ERROR_CODES.some((c) => `${c.toLowerCase()}.md` === page))
    expect({ missing, stale }).toEqual({ missing: [], stale: [] })
    for (const code of ERROR_CODES) {
      expect(existsSync(new URL(`../../${errorDocs(code)}`, import.meta.url)), code).toBe(true)
    }
  })
})

describe('an AgentTwin error', () => {
  const error = new UnknownToolError('refund', 'shop', ['lookup_order'])

  it('carries its code, problem, fix and docs anchor, and a message made of them', () => {
    expect(error).toMatchObject({
      name: 'UnknownToolError',
      code: 'AGENTTWIN_UNKNOWN_TOOL',
      problem: 'Twin "shop" has no tool "refund". Known tools: lookup_order.',
      fix: 'call one of these, or add "refund" to the twin document.',
      docs: errorDocs('AGENTTWIN_UNKNOWN_TOOL'),
    })
    expect(error.docs).toBe('docs/reference/errors/agenttwin_unknown_tool.md')
    expect(error.message).toBe(`${error.problem} Fix: ${error.fix}`)
  })

  it('travels as plain data without repeating the message in problem and fix', () => {
    const data = JSON.parse(JSON.stringify(error))
    expect(data).toMatchObject({ code: 'AGENTTWIN_UNKNOWN_TOOL', message: error.message })
    expect(Object.keys(data)).not.toContain('problem')
    expect(Object.keys(data)).not.toContain('fix')
  })
})
