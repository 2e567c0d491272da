// A scripted OpenAI-compatible model on 127.0.0.1:4010, to record the cassettes without a provider key:
//   npx tsx examples/llm-agent/serve-scripted-model.ts
import { startModelServer } from '../../test/models/support/model-server.ts'

const server = await startModelServer(4010)
console.log(`scripted model at ${server.baseUrl}; Ctrl-C to stop`)
