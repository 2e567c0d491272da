import { describe, expect, it } from 'vitest'
import { twinSchema } from '../../src/schema/index.ts'
import { templateIssues } from '../../src/schema/templates.ts'

/** Every `description` in a schema, at any depth. */
function descriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptions)
  if (typeof node !== 'object' || node === null) return []
  const own = (node as { description?: unknown }).description
  return [...(typeof own === 'string' ? [own] : []), ...Object.values(node).flatMap(descriptions)]
}

/** The brace-delimited examples a description shows, braces included (`{order_id}`, `{{x}}`). */
function templateExamples(text: string): string[] {
  return [...text.matchAll(/\{+[^{}\s]*\}+/g)].map((match) => match[0])
}

/** The arguments the descriptions' examples are written against. */
const exampleScope = { tool: 'refund_payment', argumentNames: ['order_id', 'name'] }

describe('the template examples in the twin schema (editor hover text)', () => {
  const examples = descriptions(twinSchema).flatMap(templateExamples)

  it('shows examples at all', () => {
    expect(examples.length).toBeGreaterThan(3)
  })

  it.each(examples)('%s is a template the loader accepts', (example) => {
    expect(example, 'a placeholder has exactly one pair of braces').toMatch(/^\{[^{}]+\}$/)
    expect(templateIssues(example, [], exampleScope)).toEqual([])
  })
})

describe('placeholders written in another template dialect', () => {
  const scope = { tool: 'update_contact', argumentNames: ['contact_id'] }

  it('`{args.contact_id}` is told to name the argument directly', () => {
    const [issue] = templateIssues('contacts.{args.contact_id}', [], scope)
    expect(issue).toEqual({
      path: [],
      message: 'placeholder `{args.contact_id}` puts `args.` before the argument `contact_id`',
      fix: 'arguments are named directly: write `{contact_id}`',
    })
  })

  it('an undeclared argument behind `input.` is also told to be declared', () => {
    const [issue] = templateIssues('{input.email}', [], scope)
    expect(issue?.fix).toBe(
      "arguments are named directly: write `{email}`, and declare `email` under the tool's `input.properties`",
    )
  })

  it('`{target.status}` is told that call facts start with `$`', () => {
    const [issue] = templateIssues('{target.status}', [], scope)
    expect(issue?.fix).toBe('call facts start with `$`: write `{$target.status}`')
  })

  it('an argument that really is named `args` is not second-guessed', () => {
    expect(templateIssues('{args.x}', [], { tool: 't', argumentNames: ['args'] })).toEqual([])
  })
})
