/**
 * Validates call arguments against each tool's input JSON Schema. Each
 * document gets its own ajv instance (so `$id`s of different twins never
 * clash) and each tool's schema is compiled once, cached on the document.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import { isJsonObject, type JsonObject } from '../core/json.ts'
import type { ToolDefinition, TwinDocument } from '../schema/twin-document.ts'
import { createInputSchemaAjv } from '../schema/validators.ts'
import { InvalidInputSchemaError } from './errors.ts'

export interface InputProblem {
  /** Dotted path of the argument (`''` for the arguments object itself). */
  path: string
  message: string
}

const cache = new WeakMap<TwinDocument, Map<string, ValidateFunction>>()

/**
 * Compiles every tool's input schema of a document (once per document object).
 * Throws `InvalidInputSchemaError` for a schema ajv cannot compile.
 */
export function compileInputs(document: TwinDocument): Map<string, ValidateFunction> {
  const cached = cache.get(document)
  if (cached) return cached
  // The loader's settings (strict mode included), so a twin built in code
  // accepts exactly the input schemas a twin document may declare.
  const ajv = createInputSchemaAjv()
  const compiled = new Map<string, ValidateFunction>()
  for (const tool of document.tools) {
    try {
      compiled.set(tool.name, ajv.compile(tool.input))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new InvalidInputSchemaError(document.metadata.name, tool.name, reason, { cause: error })
    }
  }
  cache.set(document, compiled)
  return compiled
}

/** The problems of a call's arguments, empty when they are valid. */
export function validateInput(validate: ValidateFunction, args: JsonObject): InputProblem[] {
  if (!isJsonObject(args)) return [{ path: '', message: 'arguments must be a JSON object' }]
  if (validate(args)) return []
  return (validate.errors ?? []).map(toProblem)
}

function toProblem(error: ErrorObject): InputProblem {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return { path: [...base, String(params.missingProperty)].join('.'), message: 'is required' }
    case 'additionalProperties':
      return {
        path: [...base, String(params.additionalProperty)].join('.'),
        message: 'is not an accepted argument',
      }
    case 'enum':
      return {
        path: base.join('.'),
        message: `must be one of ${JSON.stringify(params.allowedValues)}`,
      }
    default:
      return { path: base.join('.'), message: error.message ?? `fails "${error.keyword}"` }
  }
}

/** A hint an agent can act on: which arguments the tool takes. */
export function inputHint(tool: ToolDefinition): string {
  const properties = isJsonObject(tool.input.properties) ? Object.keys(tool.input.properties) : []
  const required = Array.isArray(tool.input.required) ? tool.input.required.map(String) : []
  const listed = properties.map((name) => (required.includes(name) ? `${name} (required)` : name))
  const accepted = listed.length > 0 ? ` It accepts: ${listed.join(', ')}.` : ''
  return `Fix the arguments listed in problems and call ${tool.name} again.${accepted}`
}
