import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider-v4'

/** What the fake answers: a text, or one tool call. */
export type FakeReply = { text: string } | { toolCall: { name: string; input: Record<string, unknown> } }

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

/** The text of the system message of a prompt. */
export function systemOf(options: LanguageModelV4CallOptions): string {
  const system = options.prompt.find((message) => message.role === 'system')
  return system && typeof system.content === 'string' ? system.content : ''
}

/** The output of the last tool result of a prompt, as text, or undefined when the prompt does not end with one. */
export function lastToolResult(options: LanguageModelV4CallOptions): string | undefined {
  const last = options.prompt[options.prompt.length - 1]
  if (last?.role !== 'tool') return undefined
  const part = last.content.find((item) => item.type === 'tool-result')
  if (!part || part.type !== 'tool-result') return undefined
  const output = part.output
  if (output.type === 'text') return output.value
  if (output.type === 'json') return typeof output.value === 'string' ? output.value : JSON.stringify(output.value)
  return undefined
}

/**
 * A zero-latency model of the AI SDK's `LanguageModelV4` specification (the interface of `ai` 7 and of Mastra),
 * with `doGenerate` (what `generateText` calls) and `doStream` (what Mastra's agent loop calls).
 */
export function fakeLanguageModel(respond: (options: LanguageModelV4CallOptions) => FakeReply): LanguageModelV4 & {
  calls(): number
} {
  let calls = 0
  let ids = 0
  const contentOf = (options: LanguageModelV4CallOptions): LanguageModelV4Content[] => {
    calls++
    const reply = respond(options)
    if ('text' in reply) return [{ type: 'text', text: reply.text }]
    return [
      {
        type: 'tool-call',
        toolCallId: `call_${ids++}`,
        toolName: reply.toolCall.name,
        input: JSON.stringify(reply.toolCall.input),
      },
    ]
  }
  return {
    specificationVersion: 'v4',
    provider: 'fake',
    modelId: 'fake-model',
    supportedUrls: {},
    calls: () => calls,
    async doGenerate(options) {
      const content = contentOf(options)
      const finish = content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop'
      return { content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] }
    },
    async doStream(options) {
      const content = contentOf(options)
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }]
      for (const item of content) {
        if (item.type === 'text') {
          parts.push(
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: item.text },
            { type: 'text-end', id: 't' },
          )
        } else if (item.type === 'tool-call') parts.push(item)
      }
      const finish = content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop'
      parts.push({ type: 'finish', finishReason: { unified: finish, raw: finish }, usage })
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}
