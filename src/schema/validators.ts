import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type CodeOptions, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { ownBuildFile } from '../core/own-files.ts'
import { attackSchema } from './attack-schema.ts'
import { contractSchema } from './contract-schema.ts'
import { scenarioSchema } from './scenario-schema.ts'
import { twinSchema } from './twin-schema.ts'

const addFormats = addFormatsModule.default

let documentAjv: Ajv | undefined
const validators = new Map<string, ValidateFunction>()

/**
 * An ajv instance for our own document schemas: every error, verbose,
 * discriminated unions. `code` is for the build's standalone validators.
 */
export function createDocumentAjv(code?: CodeOptions): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    // `trials: 5` or `trials: { k: 5 }`: a union of a number and an object, each keyword applying to its own type.
    allowUnionTypes: true,
    logger: false,
    ...(code && { code }),
  })
  addFormats(ajv)
  return ajv
}

/** The schemas the loader validates against. */
export const DOCUMENT_SCHEMAS = {
  twin: twinSchema,
  scenario: scenarioSchema,
  contract: contractSchema,
  attack: attackSchema,
} as const
export type DocumentSchemaName = keyof typeof DOCUMENT_SCHEMAS

// The build writes the same validators as standalone code (see
// standalone-validators.ts) under dist/schema/; sources run without it.
/** The file the build writes, relative to the package's code directory. */
export const PRECOMPILED_VALIDATORS_FILE = 'schema/document-validators.cjs'
let precompiled: Partial<Record<DocumentSchemaName, ValidateFunction>> | undefined

function loadPrecompiled(): Partial<Record<DocumentSchemaName, ValidateFunction>> {
  precompiled ??= loadStandaloneValidators(PRECOMPILED_VALIDATORS_FILE)
  return precompiled
}

/**
 * The standalone validators the build wrote into `file` (relative to the
 * package's code directory), by name; none when running from sources. The
 * caller keeps what it loads.
 * @example
 * const { report } = loadStandaloneValidators('report/report-validator.cjs')
 */
export function loadStandaloneValidators(file: string): Record<string, ValidateFunction> {
  const path = ownBuildFile(file)
  return existsSync(path) ? createRequire(import.meta.url)(path) : {}
}

/**
 * The validator of a document schema: the build's precompiled one when
 * present, else compiled once on first use (cached).
 * @example
 * const validate = documentValidator('twin'); validate(value) || validate.errors
 */
export function documentValidator(name: DocumentSchemaName): ValidateFunction {
  let validate = validators.get(name) ?? loadPrecompiled()[name]
  if (!validate) {
    documentAjv ??= createDocumentAjv()
    validate = documentAjv.compile(DOCUMENT_SCHEMAS[name])
  }
  validators.set(name, validate)
  return validate
}

/**
 * Options for compiling a tool's `input` schema: every error, ajv's default strict
 * mode (an unknown keyword such as `requird` is an error, not ignored), formats on.
 * The twin runtime should compile input schemas with these same options.
 */
export function createInputSchemaAjv(): Ajv {
  return inputSchemaAjv(true)
}

/**
 * `createInputSchemaAjv`, or, with `validateSchema` false, the same settings
 * without checking each schema against the JSON Schema meta-schema (whose
 * compilation costs a fresh worker tens of milliseconds): for schemas the
 * loader already checked. Strict mode still refuses an unknown keyword.
 */
function inputSchemaAjv(validateSchema: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, logger: false, validateSchema })
  addFormats(ajv)
  return ajv
}

let inputAjv: Ajv | undefined
let checkedInputAjv: Ajv | undefined

function uncheckedAjv(): Ajv {
  inputAjv ??= createInputSchemaAjv()
  return inputAjv
}

function checkedAjv(): Ajv {
  checkedInputAjv ??= inputSchemaAjv(false)
  return checkedInputAjv
}
/** Compiled validators (or why the schema does not compile) by schema text: twins are loaded again and again (watch mode, workers, test files sharing a worker). */
const inputValidators = new Map<string, ValidateFunction | Error>()
const INPUT_VALIDATORS_LIMIT = 500

/**
 * The validator of a tool's input schema with {@link createInputSchemaAjv}'s
 * settings, compiled once per process by the schema's text, whichever
 * document carries it. The schema is removed from the ajv instance once
 * compiled, so `$id`s of different twins never clash.
 * @throws the ajv error of a schema that does not compile.
 * @example
 * inputValidator({ type: 'object', properties: { order_id: { type: 'string' } } })({ order_id: 'o1' }) // true
 */
export function inputValidator(
  schema: object,
  options: { checked?: boolean } = {},
): ValidateFunction {
  const key = JSON.stringify(schema)
  let known = inputValidators.get(key)
  if (!known) {
    const ajv = options.checked ? checkedAjv() : uncheckedAjv()
    try {
      known = ajv.compile(schema)
    } catch (error) {
      known = error instanceof Error ? error : new Error(String(error))
    } finally {
      ajv.removeSchema(schema)
    }
    if (inputValidators.size >= INPUT_VALIDATORS_LIMIT) inputValidators.clear()
    inputValidators.set(key, known)
  }
  if (known instanceof Error) throw known
  return known
}

/**
 * Why a tool's input schema does not compile, or `undefined` when it does.
 * @example
 * inputSchemaError({ type: 'object', requird: ['a'] }) // 'strict mode: unknown keyword: "requird"'
 */
export function inputSchemaError(schema: object): string | undefined {
  try {
    inputValidator(schema)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}
