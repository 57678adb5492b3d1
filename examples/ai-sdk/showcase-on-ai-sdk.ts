/**
 * The showcase (research → write → review loop) on an AI SDK model through `@adk-fluent/ai-sdk`.
 *
 * Offline (the default, and in CI) the model is `@ai-sdk/openai-compatible` pointed at a fake OpenAI-compatible
 * server started in this process, which answers each call with the showcase's scripted replies, streamed as
 * server-sent events. Set `OPENAI_COMPATIBLE_BASE_URL` (for example `http://localhost:11434/v1` for Ollama), and
 * optionally `OPENAI_COMPATIBLE_MODEL` and `OPENAI_COMPATIBLE_API_KEY`, to run on a real server instead.
 */
import { InMemorySessionService, type LlmResponse } from '@adk-fluent/core'
import { aiSdk } from '@adk-fluent/ai-sdk'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
  type ReceivedRequest,
} from '../../packages/ai-sdk/src/fake-openai-server.test-helper.js'
import { createShowcase, example } from '../showcase/index.js'

export interface ShowcaseOnAiSdkOptions {
  readonly prompt?: string
  /** Where output goes (default: stdout). */
  readonly write?: (text: string) => void
  readonly environment?: Readonly<Record<string, string | undefined>>
}

export interface ShowcaseOnAiSdkRun {
  /** The final session state (`findings`, `draft`, `quality`, …). */
  readonly state: Readonly<Record<string, unknown>>
  /** What the fake server received, one entry per model call (empty on a real server). */
  readonly requests: readonly ReceivedRequest[]
}

/** Runs the showcase pipeline on an AI SDK model, streaming each agent's answer as it arrives. */
export async function runShowcaseOnAiSdk(options: ShowcaseOnAiSdkOptions = {}): Promise<ShowcaseOnAiSdkRun> {
  const write = options.write ?? ((text: string) => void process.stdout.write(text))
  const environment = options.environment ?? process.env
  const realServer = environment['OPENAI_COMPATIBLE_BASE_URL']
  let fake: FakeOpenAIServer | undefined
  if (!realServer) {
    fake = await startFakeOpenAIServer()
    fake.reply(...scriptedReplies().map((text) => ({ text })))
  }
  try {
    const baseURL = realServer ?? (fake as FakeOpenAIServer).baseURL
    const apiKey = environment['OPENAI_COMPATIBLE_API_KEY']
    // #region ai-sdk
    const provider = createOpenAICompatible({
      name: 'local',
      baseURL,
      includeUsage: true,
      ...(apiKey ? { apiKey } : {}),
    })
    const pipeline = createShowcase(aiSdk(provider.chatModel(environment['OPENAI_COMPATIBLE_MODEL'] ?? 'llama3.2')))
    // #endregion ai-sdk
    write(
      realServer ? `Running on ${baseURL}.\n` : `Running offline on a fake OpenAI-compatible server (${baseURL}).\n`,
    )
    const prompt = options.prompt ?? example.defaultPrompt
    write(`> ${prompt}\n`)
    const sessionService = new InMemorySessionService()
    let author: string | undefined
    for await (const chunk of pipeline.stream(prompt, { sessionService, sessionId: 'showcase' })) {
      if (!chunk.partial) continue
      if (chunk.author !== author) write(`${author === undefined ? '' : '\n'}[${(author = chunk.author)}] `)
      write(chunk.text)
    }
    write('\n')
    const session = await sessionService.getSession({ appName: 'showcase', userId: 'user', sessionId: 'showcase' })
    const state = session?.state ?? {}
    write(`Quality ${String(state['quality'])} after ${String(state['quality_rounds'])} round(s).\n`)
    return { state, requests: fake ? [...fake.requests] : [] }
  } finally {
    await fake?.close()
  }
}

/** The texts of the showcase's scripted replies, in call order. */
function scriptedReplies(): string[] {
  const script = example.script as readonly LlmResponse[]
  return script.map((step) => step.content?.parts?.map((part) => part.text ?? '').join('') ?? '')
}
