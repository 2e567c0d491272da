/**
 * Orders strings by UTF-16 code units: the same order on every machine,
 * unlike `localeCompare`, which follows the process locale. Reports sort with it.
 */
export function compareText(a: string, b: string): number {
  if (a < b) return -1
  return a > b ? 1 : 0
}
