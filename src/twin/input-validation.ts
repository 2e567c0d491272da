/**
 * Validates call arguments against each tool's input JSON Schema, with the
 * loader's validators (`inputValidator`: compiled once per process by the
 * schema's text, whichever document carries it).
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import { isJsonObject, type JsonObject } from '../core/json.ts'
import { isCheckedTwin } from '../schema/checked-twin.ts'
import type { ToolDefinition, TwinDocument } from '../schema/twin-document.ts'
import { inputValidator } from '../schema/validators.ts'
import { InvalidInputSchemaError } from './errors.ts'

export interface InputProblem {
  /** Dotted path of the argument (`''` for the arguments object itself). */
  path: string
  message: string
}

/** Each tool's compiled input validator, by tool name. */
export interface InputValidators {
  /** The validator of a tool of the document (compiled now if it was not yet). */
  get(tool: string): ValidateFunction
}

const cache = new WeakMap<TwinDocument, InputValidators>()

/**
 * Each tool's input validator, compiled once per document object. A document
 * the loader validated (its schemas already compiled with these settings)
 * compiles each tool's schema on its first call: a test file pays only for
 * the tools its agent calls. Any other document, such as a twin built in
 * code, compiles every schema now, so a bad one fails `createTwin`.
 * Throws `InvalidInputSchemaError` for a schema ajv cannot compile.
 */
export function compileInputs(document: TwinDocument): InputValidators {
  const cached = cache.get(document)
  if (cached) return cached
  const compiled = new Map<string, ValidateFunction>()
  const validators: InputValidators = {
    get(name) {
      const known = compiled.get(name)
      if (known) return known
      const tool = document.tools.find((candidate) => candidate.name === name)
      if (!tool) throw new Error(`twin "${document.metadata.name}" has no tool "${name}"`)
      try {
        // The loader's validator, so a twin built in code accepts exactly the
        // input schemas a twin document may declare.
        const validate = inputValidator(tool.input, { checked: isCheckedTwin(document) })
        compiled.set(name, validate)
        return validate
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new InvalidInputSchemaError(document.metadata.name, name, reason, { cause: error })
      }
    },
  }
  if (!isCheckedTwin(document)) for (const tool of document.tools) validators.get(tool.name)
  cache.set(document, validators)
  return validators
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
