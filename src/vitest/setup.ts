/**
 * Registers the AgentTwin matchers. The agentTwin() plugin adds this file to
 * `setupFiles`; without the plugin, import it from a setup file or a test:
 * `import 'agenttwin/vitest/setup'`.
 */
import { expect } from 'vitest'
import { agentTwinMatchers } from './matchers/index.ts'

expect.extend(agentTwinMatchers)
