/**
 * The scripted policy as a LangChain chat model, in-process. In your project
 * this is your provider's chat model (`new ChatOpenAI(...)` from
 * `@langchain/openai`, which this repository does not install); the adapter
 * does not care which model the agent runs on.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { nextMove, type PolicyMessage } from '../scripted-policy.ts'

const ROLES: Record<string, PolicyMessage['role']> = {
  system: 'system',
  human: 'user',
  ai: 'assistant',
  tool: 'tool',
}

function policyMessage(message: BaseMessage): PolicyMessage {
  const tool = message.getType() === 'tool' ? (message as { name?: string }).name : undefined
  return {
    role: ROLES[message.getType()] ?? 'user',
    content:
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    ...(tool && { tool }),
  }
}

export class ScriptedChatModel extends BaseChatModel {
  _llmType(): string {
    return 'scripted'
  }

  // The policy knows the Demo Co tools by name; binding them changes nothing.
  override bindTools(): ReturnType<BaseChatModel['withConfig']> {
    return this.withConfig({})
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const move = nextMove(messages.map(policyMessage))
    const usage_metadata = { input_tokens: 120, output_tokens: 15, total_tokens: 135 }
    const message =
      'say' in move
        ? new AIMessage({ content: move.say, usage_metadata })
        : new AIMessage({
            content: '',
            usage_metadata,
            tool_calls: [
              {
                id: `call_${messages.length}`,
                name: move.call.tool,
                args: move.call.args,
                type: 'tool_call',
              },
            ],
          })
    return {
      generations: [{ text: typeof message.content === 'string' ? message.content : '', message }],
    }
  }
}
