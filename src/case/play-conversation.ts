import type { CaseTurn } from '../core/conversation.ts'
import { cloneJson, type JsonValue } from '../core/json.ts'
import { conversationPlan } from '../scenario/conversation.ts'
import type { PinnedCase } from '../scenario/pin.ts'
import type { Agent, ConversationMessage } from '../scenario/types.ts'
import type { CollectingSpanExporter } from '../trace/span-collector.ts'
import type { Twin } from '../twin/types.ts'
import { type AgentOutcome, readAgentResult } from './case-run.ts'
import { createUserTurns, type UserTurns } from './user-turns.ts'

/** How the agent's turns ran: the case's outcome, and for a conversation scenario its turns. */
export interface PlayedConversation {
  /** The last turn's answer, or why a turn did not finish (the conversation stops there). */
  outcome: AgentOutcome
  /** What the agent was handed first. */
  input: JsonValue
  /** Only for a `conversation` scenario: a one-turn case keeps today's shape. */
  turns?: CaseTurn[]
  /** How many turns were played (the last one may have failed). */
  played: number
}

export interface PlayOptions {
  timeoutMs: number
  trace: { exporter: CollectingSpanExporter }
  mcpUrl?: string
  /** Called the moment the agent has answered its last turn (or failed), before anything else runs. */
  onAgentDone?: () => void
  /** The user's side (a simulated user, a pinned baseline). Default: the scenario's scripted turns. */
  users?: UserTurns
}

/**
 * Plays a scenario's user turns to the agent, one after another, against one
 * twin: each turn the agent gets that turn's input and the conversation so
 * far, the twin records the turn on every call it serves, and the state at
 * the end of the turn is kept. The case timeout covers the whole
 * conversation. Never throws for the agent's sake.
 */
export async function playConversation(
  agent: Agent,
  pinned: PinnedCase,
  twin: Twin,
  options: PlayOptions,
): Promise<PlayedConversation> {
  const plan = conversationPlan(pinned.document)
  const users = options.users ?? createUserTurns({ plan, twin })
  const conversational =
    pinned.document.conversation !== undefined || pinned.document.user !== undefined
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: an agent that rejects on abort must still count as timed out.
      resolve('timeout')
      queueMicrotask(() =>
        controller.abort(new Error(`case timed out after ${options.timeoutMs} ms`)),
      )
    }, options.timeoutMs)
  })
  const messages: ConversationMessage[] = []
  const turns: CaseTurn[] = []
  let outcome: AgentOutcome = {}
  let firstInput: JsonValue = null
  let played = 0
  try {
    for (let turn = 1; turn <= users.limit; turn++) {
      if (conversational) twin.beginTurn(turn)
      let scripted: Awaited<ReturnType<UserTurns['next']>>
      try {
        const next = await Promise.race([users.next(turn, messages), timedOut])
        if (next === 'timeout') {
          outcome = {
            error: {
              kind: 'timeout',
              message: `In turn ${turn}: the simulated user did not answer within ${options.timeoutMs} ms.`,
            },
          }
          break
        }
        scripted = next
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        outcome = {
          error: {
            kind: 'simulated-user',
            message: `In turn ${turn}: the simulated user failed: ${message}`,
          },
        }
        break
      }
      if ('end' in scripted) break
      if (turn === 1) firstInput = scripted.input
      messages.push({ role: 'user', content: scripted.user })
      // The plan's inputs are plain JSON: the fast copy, not `structuredClone`.
      outcome = await oneTurn(agent, cloneJson(scripted.input), timedOut, options.timeoutMs, {
        baseUrl: twin.baseUrl,
        signal: controller.signal,
        seed: pinned.seed,
        trace: options.trace,
        ...(options.mcpUrl !== undefined && { mcpUrl: options.mcpUrl }),
        conversation: { turn, messages: messages.map((message) => ({ ...message })) },
      })
      played = turn
      // Only a conversation keeps its turns: a one-message case's state is its CaseRun's final state.
      if (conversational) turns.push(caseTurn(turn, scripted, outcome, twin))
      if (outcome.error && conversational) {
        outcome = {
          error: { ...outcome.error, message: `In turn ${turn}: ${outcome.error.message}` },
        }
      }
      if (outcome.error) break
      messages.push({ role: 'assistant', content: outcome.result?.reply ?? '' })
      if (users.after(turn, outcome.result)) break
    }
  } finally {
    clearTimeout(timer)
    options.onAgentDone?.()
  }
  return {
    outcome,
    input: firstInput,
    ...(conversational && { turns }),
    played,
  }
}

/** A turn as the CaseRun keeps it: what the user said, what the agent answered, the state it left. */
function caseTurn(
  turn: number,
  scripted: { user: string; input: JsonValue; by?: CaseTurn['by'] },
  outcome: AgentOutcome,
  twin: Twin,
): CaseTurn {
  const kept: CaseTurn = { turn, user: scripted.user, input: scripted.input, state: twin.state() }
  if (scripted.by) kept.by = scripted.by
  if (outcome.result) kept.result = outcome.result
  if (outcome.error) kept.error = outcome.error
  return kept
}

async function oneTurn(
  agent: Agent,
  input: JsonValue,
  timedOut: Promise<'timeout'>,
  timeoutMs: number,
  context: Parameters<Agent['run']>[1],
): Promise<AgentOutcome> {
  const name = `${agent.name}@${agent.version}`
  try {
    const running = agent.run(input, context)
    const value = await Promise.race([running, timedOut])
    if (value === 'timeout') {
      running.catch(() => {})
      return {
        error: {
          kind: 'timeout',
          message: `${name} did not answer within ${timeoutMs} ms; raise timeoutMs if it is slow on purpose.`,
        },
      }
    }
    return readAgentResult(value, `${name} returned a malformed result`)
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { error: { kind: 'threw', message: `${name} threw ${message}` } }
  }
}
