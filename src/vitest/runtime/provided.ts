import { inject } from 'vitest'
import { OPTIONS_KEY, type ProvidedOptions } from '../shared/provided.ts'

/**
 * The plugin's options in a test worker, or nothing without the plugin (a
 * project that imports `agenttwin/vitest/setup` itself, or a file run outside
 * Vitest's workers).
 * @example
 * const models = providedOptions()?.suite.models
 */
export function providedOptions(): ProvidedOptions | undefined {
  try {
    return inject(OPTIONS_KEY)
  } catch {
    return undefined
  }
}
