import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { contractSchema } from './contract-schema.ts'
import { scenarioSchema } from './scenario-schema.ts'
import { twinSchema } from './twin-schema.ts'

const addFormats = addFormatsModule.default

let documentAjv: Ajv | undefined
const validators = new Map<string, ValidateFunction>()

/** The ajv instance for our own document schemas: every error, verbose, discriminated unions. */
function getDocumentAjv(): Ajv {
  if (!documentAjv) {
    documentAjv = new Ajv({
      allErrors: true,
      verbose: true,
      discriminator: true,
      strict: true,
      logger: false,
    })
    addFormats(documentAjv)
  }
  return documentAjv
}

/** The schemas the loader validates against, compiled once on first use. */
const SCHEMAS = { twin: twinSchema, scenario: scenarioSchema, contract: contractSchema } as const

/**
 * The compiled validator of a document schema (cached).
 * @example
 * const validate = documentValidator('twin'); validate(value) || validate.errors
 */
export function documentValidator(name: keyof typeof SCHEMAS): ValidateFunction {
  let validate = validators.get(name)
  if (!validate) {
    validate = getDocumentAjv().compile(SCHEMAS[name])
    validators.set(name, validate)
  }
  return validate
}

/**
 * Options for compiling a tool's `input` schema: every error, ajv's default strict
 * mode (an unknown keyword such as `requird` is an error, not ignored), formats on.
 * The twin runtime should compile input schemas with these same options.
 */
export function createInputSchemaAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, logger: false })
  addFormats(ajv)
  return ajv
}

let inputAjv: Ajv | undefined
/** Compile results by schema text: twins are validated again and again (watch mode, workers). */
const inputResults = new Map<string, string | undefined>()
const INPUT_RESULTS_LIMIT = 500

/**
 * Why a tool's input schema does not compile, or `undefined` when it does.
 * @example
 * inputSchemaError({ type: 'object', requird: ['a'] }) // 'strict mode: unknown keyword: "requird"'
 */
export function inputSchemaError(schema: object): string | undefined {
  const key = JSON.stringify(schema)
  if (inputResults.has(key)) return inputResults.get(key)
  inputAjv ??= createInputSchemaAjv()
  let result: string | undefined
  try {
    inputAjv.compile(schema)
  } catch (error) {
    result = error instanceof Error ? error.message : String(error)
  } finally {
    inputAjv.removeSchema(schema)
  }
  if (inputResults.size >= INPUT_RESULTS_LIMIT) inputResults.clear()
  inputResults.set(key, result)
  return result
}
