/**
 * The AI SDK starter `agenttwin init --template ai-sdk` writes: a bookings
 * agent on the AI SDK whose own tools the twin answers in tests, a v1/v2 pair
 * whose gate blocks v2 by the twin's state, and the cassettes its model
 * traffic replays from. Its files ship as files (cassettes are JSON a
 * reviewer reads), under `examples/starters/ai-sdk/`, where the repository
 * runs them as its `starter-ai-sdk` project.
 */
import { shippedFiles } from './init-example.ts'
import type { StarterTemplate } from './init-templates.ts'

/** Where the starter's files are, from the package root. */
export const AI_SDK_STARTER_DIR = 'examples/starters/ai-sdk'

/**
 * The AI SDK packages the starter imports, at the majors its cassettes were
 * recorded with (a test holds them to the repository's devDependencies).
 */
export const AI_SDK_PEERS = ['ai@6', '@ai-sdk/openai@3', 'zod@4'] as const

function next(shown: string): string {
  const cd = shown === '.' ? '' : `cd ${shown}\n  `
  return `Next:
  ${cd}npm i -D ${AI_SDK_PEERS.join(' ')}
  CI=true npx vitest run

The model's answers replay from cassettes/: no model server, no key. They were
recorded from scripted-model.mjs, which is not a language model.
v2 refunds more than the cancellation policy allows, with the same reply as v1:
only the bookings twin's state shows it. vitest.config.ts declares the pair's
gate (expectGate: 'BLOCK'), so the run passes while the gate blocks v2; the
report names the refund and the state it left.

To record the cassettes again after you change a prompt or a tool:
  node scripted-model.mjs &
  AGENTTWIN_MODELS=record npx vitest run
`
}

export const AI_SDK_TEMPLATE: StarterTemplate = {
  summary: 'an AI SDK bookings agent, a v1/v2 pair blocked by state, replayed from cassettes',
  scenario: 'scenarios/cancel-booking.scenario.yaml',
  // Read when asked for: the other starters never touch the disk.
  get files() {
    return shippedFiles(AI_SDK_STARTER_DIR)
  },
  next,
}
