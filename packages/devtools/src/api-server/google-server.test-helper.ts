// Google's reference ADK API server (from @google/adk-devtools) on a @google/adk agent with a fake model, for the
// compatibility tests: the same requests go to it and to ours.
import { AdkApiServer } from '@google/adk-devtools'
import { BaseLlm, LlmAgent, LogLevel, type LlmRequest, type LlmResponse } from '@google/adk'

/** Answers every call with `reply`; streaming, first as one partial chunk per word. */
class FakeLlm extends BaseLlm {
  constructor(readonly reply: string) {
    super({ model: 'fake' })
  }

  async *generateContentAsync(_request: LlmRequest, stream?: boolean): AsyncGenerator<LlmResponse, void> {
    if (stream)
      for (const word of this.reply.split(/(?<= )/))
        yield { content: { role: 'model', parts: [{ text: word }] }, partial: true }
    yield { content: { role: 'model', parts: [{ text: this.reply }] } }
  }

  async connect(): Promise<never> {
    throw new Error('FakeLlm has no live connection.')
  }
}

/** Google's server with one app, `appName`, whose agent `helper` answers `reply` (or whose root is `root`). */
export async function startGoogleServer(
  appName: string,
  reply: string,
  root?: unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const agent =
    root ?? new LlmAgent({ name: 'helper', description: 'helps', instruction: 'Help.', model: new FakeLlm(reply) })
  const agentLoader = {
    listAgents: async () => [appName],
    getAgentFile: async (name: string) => {
      if (name !== appName) throw new Error(`No app ${name}`)
      return { load: async () => agent, [Symbol.asyncDispose]: async () => undefined }
    },
  }
  const server = new AdkApiServer({
    agentLoader: agentLoader as never,
    host: '127.0.0.1',
    port: 0,
    logLevel: LogLevel.ERROR,
  })
  const log = console.log
  console.log = () => undefined // its start and stop banners
  try {
    await server.start()
  } finally {
    console.log = log
  }
  return {
    url: server.url,
    close: async () => {
      console.log = () => undefined
      try {
        await server.stop()
      } finally {
        console.log = log
      }
    },
  }
}
