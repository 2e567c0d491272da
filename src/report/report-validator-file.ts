/**
 * The report schema's validator as standalone code, written by the build
 * (`scripts/build-schemas.mjs`), relative to the package's code directory:
 * compiling the schema at run time costs the reporter most of a second at
 * the end of every run.
 */
export const REPORT_VALIDATOR_FILE = 'report/report-validator.cjs'
