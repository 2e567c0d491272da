import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Ajv, CodeOptions, ValidateFunction } from 'ajv'
import type standaloneModule from 'ajv/dist/standalone/index.js'
import type addFormatsModule from 'ajv-formats'
import { keepBounded } from '../core/bounded-memo.ts'
import { ownBuildFile } from '../core/own-files.ts'
import { attackSchema } from './attack-schema.ts'
import { contractSchema } from './contract-schema.ts'
import { scenarioSchema } from './scenario-schema.ts'
import { twinSchema } from './twin-schema.ts'
import { cachedValidator, keepValidator } from './validator-cache.ts'

const ownRequire = createRequire(import.meta.url)

/**
 * ajv, loaded on the first compile: a process that runs only precompiled or
 * cached validators (most test workers) never loads it.
 */
function ajvModule(): typeof import('ajv') {
  return ownRequire('ajv')
}

/** ajv's standalone module of a compiled validator, as the cache keeps it. */
function standaloneCode(ajv: Ajv, validate: ValidateFunction): string {
  return (ownRequire('ajv/dist/standalone/index.js') as typeof standaloneModule).default(
    ajv,
    validate,
  )
}

function addFormats(ajv: Ajv): void {
  ;(ownRequire('ajv-formats') as typeof addFormatsModule).default(ajv)
}

let documentAjv: Ajv | undefined
const validators = new Map<string, ValidateFunction>()

/**
 * An ajv instance for our own document schemas: every error, verbose,
 * discriminated unions. `code` is for the build's standalone validators.
 */
export function createDocumentAjv(code?: CodeOptions): Ajv {
  const ajv = new (ajvModule().Ajv)({
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

/** The settings an input validator is compiled with, less the meta-schema check: they decide its code. */
const INPUT_SETTINGS = { allErrors: true, logger: false } as const

/**
 * `createInputSchemaAjv`, or, with `validateSchema` false, the same settings
 * without checking each schema against the JSON Schema meta-schema (whose
 * compilation costs a fresh worker tens of milliseconds): for schemas the
 * loader already checked. Strict mode still refuses an unknown keyword. Each
 * validator keeps its source, so it can be cached as standalone code.
 */
function inputSchemaAjv(validateSchema: boolean): Ajv {
  const { Ajv, _ } = ajvModule()
  const ajv = new Ajv({
    ...INPUT_SETTINGS,
    validateSchema,
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  })
  addFormats(ajv)
  return ajv
}

let inputAjv: Ajv | undefined
let checkedInputAjv: Ajv | undefined

function uncheckedAjv(): Ajv {
  inputAjv ??= inputSchemaAjv(true)
  return inputAjv
}

function checkedAjv(): Ajv {
  checkedInputAjv ??= inputSchemaAjv(false)
  return checkedInputAjv
}
/** Compiled validators (or why the schema does not compile) by schema text: twins are loaded again and again (watch mode, workers, test files sharing a worker). */
const inputValidators = new Map<string, ValidateFunction | Error>()
const INPUT_VALIDATORS_LIMIT = 500

/** The on-disk cache's name for each way of compiling: a meta-checked schema's code serves both. */
const CACHE_SETTINGS = {
  checkedAgainstMetaSchema: { ...INPUT_SETTINGS, validateSchema: true },
  checkedByLoader: { ...INPUT_SETTINGS, validateSchema: false },
}

/**
 * The validator of a tool's input schema with {@link createInputSchemaAjv}'s
 * settings, compiled once per process by the schema's text, whichever
 * document carries it, and kept on disk as standalone code for the processes
 * after this one (`validator-cache.ts`). The schema is removed from the ajv
 * instance once compiled, so `$id`s of different twins never clash. With
 * `checked`, the schema is one the loader already checked, so it is not
 * checked against the meta-schema again.
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
    known = keepBounded(
      inputValidators,
      key,
      (options.checked ? compileChecked : compileUnchecked)(schema, key),
      INPUT_VALIDATORS_LIMIT,
    )
  }
  if (known instanceof Error) throw known
  return known
}

function compileUnchecked(schema: object, text: string): ValidateFunction | Error {
  const settings = CACHE_SETTINGS.checkedAgainstMetaSchema
  return cachedValidator(settings, text) ?? compileAndKeep(uncheckedAjv(), schema, settings, text)
}

function compileChecked(schema: object, text: string): ValidateFunction | Error {
  const settings = CACHE_SETTINGS.checkedByLoader
  return (
    cachedValidator(CACHE_SETTINGS.checkedAgainstMetaSchema, text) ??
    cachedValidator(settings, text) ??
    compileAndKeep(checkedAjv(), schema, settings, text)
  )
}

function compileAndKeep(
  ajv: Ajv,
  schema: object,
  settings: object,
  text: string,
): ValidateFunction | Error {
  try {
    const validate = ajv.compile(schema)
    keepValidator(settings, text, standaloneCode(ajv, validate))
    return validate
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  } finally {
    ajv.removeSchema(schema)
  }
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
