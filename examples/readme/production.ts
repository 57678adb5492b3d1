// The README's "ready for production" section: usage, limits, cancellation, one model for a tree, providers.
import { Gemini, LLMRegistry, OpenAICompatible, UsageLimitError } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'

const tokens = (reply: string, input: number, output: number) => ({
  ...text(reply),
  usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
})
const researcher = Agent('researcher').instruct('List facts about {topic}.').writes('facts')
const writer = Agent('writer').instruct('Write a paragraph from {facts}.')
const model = () =>
  new ScriptedLlm({ researcher: [tokens('Bees dance.', 120, 30)], writer: [tokens('Bees talk by dancing.', 200, 60)] })

export async function usageReport(): Promise<string> {
  // #region usage
  const pipeline = researcher.then(writer)
  const { output, usage } = await pipeline.ask('bees', { withUsage: true, model: model(), state: { topic: 'bees' } })
  // #endregion usage
  return `${output}\n${JSON.stringify(usage, null, 2)}`
}

export async function limitError(): Promise<string> {
  const pipeline = researcher.then(writer)
  // #region limits
  const limited = pipeline.ask('bees', { model: model(), state: { topic: 'bees' }, usageLimits: { totalTokens: 100 } })
  // #endregion limits
  try {
    await limited
    return 'no error'
  } catch (error) {
    return UsageLimitError.isInstance(error)
      ? `UsageLimitError (${(error as UsageLimitError).limit}): ${error.message}`
      : String(error)
  }
}

export async function cancelled(): Promise<string> {
  const agent = Agent('slow', new ScriptedLlm(['…'], { delayMs: 60_000 }))
  // #region cancel
  const controller = new AbortController() // abort() it when the user goes away
  const answer = agent.ask('Think hard.', { abortSignal: controller.signal, timeoutMs: 50 })
  // #endregion cancel
  try {
    await answer
    return 'no error'
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`
  }
}

export function providers(): void {
  // #region providers
  // Gemini through another endpoint (a proxy, a gateway, a local fake): httpOptions.baseUrl, or the
  // GOOGLE_GEMINI_BASE_URL environment variable for every Gemini model made from a name.
  const viaProxy = new Gemini({ model: 'gemini-2.5-flash', httpOptions: { baseUrl: 'https://gemini-proxy.internal' } })
  // Any server that speaks the OpenAI chat-completions API (OpenAI, Ollama, vLLM, LM Studio, …):
  const local = new OpenAICompatible({ model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' })
  // Names resolve through the registry, so a family of names can map to another provider:
  LLMRegistry.register(/^llama/, (name) => new OpenAICompatible({ model: name, baseUrl: 'http://localhost:11434/v1' }))
  const agents = [Agent('a', viaProxy), Agent('b', local), Agent('c', 'llama3.2')]
  // #endregion providers
  void agents
}
