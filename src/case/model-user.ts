import type { JsonObject } from '../core/json.ts'
import type { SimulatedUserDocument, UserModelDocument } from '../schema/scenario-document.ts'
import type { ToolDefinition } from '../schema/twin-document.ts'
import type { UserAct, UserSimulator, UserView } from './user-simulator.ts'

/** What a language-model user answers when its goal is reached (the stated end rule it is told). */
export const GOAL_REACHED_MARK = '###GOAL_REACHED###'

/** What a language-model user is asked before a scripted turn: the goal rule alone, no tools. */
export const GOAL_CHECK_QUESTION = `(A scripted message is sent for you next. First: is your goal reached? Answer exactly ${GOAL_REACHED_MARK} if it is, else exactly ###NOT_YET###.)`

/** Tool rounds the model user may take within one turn before it must speak. */
const MAX_TOOL_ROUNDS = 4

/** The API a model user calls when the scenario names none. */
export function userModelUrl(model: UserModelDocument, env = process.env): string {
  return (model.baseUrl ?? env.AGENTTWIN_USER_MODEL_URL ?? 'https://api.openai.com/v1').replace(
    /\/+$/,
    '',
  )
}

/** The system prompt: persona, goal, facts, and the rules it plays by. Only the conversation follows. */
export function userSystemPrompt(user: SimulatedUserDocument): string {
  const lines = [
    `You are a customer talking to a support agent. Persona: ${user.persona}`,
    `Your goal: ${user.goal}`,
  ]
  if (user.knows) lines.push(`Facts you know and may share: ${JSON.stringify(user.knows)}`)
  if (user.private) {
    lines.push(
      `Facts you know but give ONLY when the agent asks for them: ${JSON.stringify(user.private)}`,
    )
  }
  lines.push(
    'Write only your next message to the agent, in one or two sentences. Never invent facts you were not given.',
  )
  if ((user.endWhen ?? ['goal']).includes('goal')) {
    lines.push(`When your goal is reached, answer exactly ${GOAL_REACHED_MARK} and nothing else.`)
  }
  return lines.join('\n')
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  tool_calls?: Array<{
    id: string
    type: 'function'
    function: { name: string; arguments: string }
  }>
  tool_call_id?: string
}

/**
 * A simulated user played by a language model over an OpenAI-compatible Chat
 * Completions API, through `transport` (the case's model traffic for the
 * user: its own cassettes, recorded and replayed like the agent's). It sees
 * the conversation and its own app (the tools the twin marks as the user's),
 * never the twin's state. Roles are mirrored: the agent speaks as `user`.
 * @example
 * const user = createModelSimulator(document.user, userTools, modelFetch(session))
 */
export function createModelSimulator(
  user: SimulatedUserDocument,
  tools: readonly ToolDefinition[],
  transport: typeof fetch,
): UserSimulator {
  const model = user.model as UserModelDocument
  const goalEnds = (user.endWhen ?? ['goal']).includes('goal')
  const url = `${userModelUrl(model)}/chat/completions`
  const apiKey = process.env.AGENTTWIN_USER_MODEL_KEY ?? process.env.OPENAI_API_KEY
  const functions = tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.input },
  }))
  return {
    kind: 'language-model',
    note: `language model ${model.model}: replayed from the simulated user's cassette unless recording`,
    model: model.model,
    async next(view, act) {
      const messages = mirrored(view)
      if (view.messages.length === 0) {
        messages.push({ role: 'user', content: '(The agent is waiting for your first message.)' })
      }
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const answer = await complete(messages, round < MAX_TOOL_ROUNDS)
        if (answer.tool_calls?.length) {
          messages.push(answer)
          for (const call of answer.tool_calls) {
            messages.push({
              role: 'tool',
              tool_call_id: call.id,
              content: JSON.stringify(runTool(call.function, act)),
            })
          }
          continue
        }
        const text = (answer.content ?? '').trim()
        if (text === '') throw new Error(`the model ${model.model} wrote an empty message`)
        if (text.includes(GOAL_REACHED_MARK) && goalEnds) {
          return { done: true, reason: `the simulated user answered ${GOAL_REACHED_MARK}` }
        }
        return { say: text }
      }
      throw new Error(`the model ${model.model} kept calling tools for ${MAX_TOOL_ROUNDS} rounds`)
    },
    async reached(view) {
      if (!goalEnds || view.messages.length === 0) return undefined
      const answer = await complete(
        [...mirrored(view), { role: 'user', content: GOAL_CHECK_QUESTION }],
        false,
      )
      return (answer.content ?? '').includes(GOAL_REACHED_MARK)
        ? { reason: `the simulated user answered ${GOAL_REACHED_MARK} before a scripted turn` }
        : undefined
    },
  }

  /** The system prompt and the conversation with roles mirrored: the agent speaks as `user`. */
  function mirrored(view: UserView): ChatMessage[] {
    return [
      { role: 'system', content: userSystemPrompt(user) },
      ...view.messages.map(
        (message): ChatMessage => ({
          role: message.role === 'user' ? 'assistant' : 'user',
          content: message.content,
        }),
      ),
    ]
  }

  async function complete(messages: ChatMessage[], withTools: boolean): Promise<ChatMessage> {
    const response = await transport(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(apiKey && { authorization: `Bearer ${apiKey}` }),
      },
      body: JSON.stringify({
        model: model.model,
        temperature: model.temperature ?? 0,
        messages,
        ...(withTools && functions.length > 0 && { tools: functions }),
      }),
    })
    const text = await response.text()
    if (!response.ok) {
      throw new Error(`the model API answered HTTP ${response.status}: ${text.slice(0, 300)}`)
    }
    const body = JSON.parse(text) as { choices?: Array<{ message?: ChatMessage }> }
    const message = body.choices?.[0]?.message
    if (!message) throw new Error(`the model API answered without a message: ${text.slice(0, 300)}`)
    return {
      role: 'assistant',
      content: message.content ?? null,
      ...(message.tool_calls && { tool_calls: message.tool_calls }),
    }
  }
}

function runTool(call: { name: string; arguments: string }, act: UserAct) {
  let args: JsonObject
  try {
    args = JSON.parse(call.arguments || '{}') as JsonObject
  } catch {
    return { status: 400, body: { error: 'arguments are not JSON' } }
  }
  return act({ tool: call.name, args })
}
