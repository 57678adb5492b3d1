// The README's "Any provider (AI SDK)" section: the code, and its run against a fake OpenAI-compatible server.
import { Agent } from '@adk-fluent/fluent'
import { startFakeOpenAIServer } from '../../packages/ai-sdk/src/fake-openai-server.test-helper.js'
// #region ai-sdk
import { aiSdk } from '@adk-fluent/ai-sdk'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible' // or createOpenAI, createAnthropic, createMistral, …

export function localHelper(baseURL = 'http://localhost:11434/v1') {
  const local = createOpenAICompatible({ name: 'local', baseURL, includeUsage: true })
  return Agent('helper', aiSdk(local.chatModel('llama3.2'))).instruct('Answer in one short sentence.')
}
// #endregion ai-sdk

/** `localHelper(...).ask(...)` on a fake server: the answer, what the server received, and the usage. */
export async function aiSdkRun(): Promise<string> {
  const server = await startFakeOpenAIServer()
  try {
    server.reply({ text: 'To tell their nest-mates where food is.' })
    const question = 'What is the waggle dance for?'
    const { output, usage } = await localHelper(server.baseURL).ask(question, { withUsage: true })
    const received = server.requests.map((request) => JSON.stringify(request.body.messages))
    return [
      `> ${question}`,
      output,
      `the server received: ${received.join('\n')}`,
      `usage: ${usage.inputTokens} input + ${usage.outputTokens} output tokens`,
    ].join('\n')
  } finally {
    await server.close()
  }
}
