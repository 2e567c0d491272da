/**
 * Registers the AgentTwin matchers and starts the project's network guard. The agentTwin() plugin adds this file to
 * `setupFiles`; without the plugin, import it from a setup file or a test:
 * `import 'agenttwin/vitest/setup'`.
 */
import { expect } from 'vitest'
import { agentTwinMatchers } from '../vitest/runtime/matchers/all-matchers.ts'
import { guardTestFile } from '../vitest/runtime/run-guard.ts'

expect.extend(agentTwinMatchers)
// With the plugin: the network guard for this test file (see the plugin's `network` option).
guardTestFile()
