import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One answer of the fake server. */
export type FakeAnswer =
  | { readonly text: string; readonly reasoning?: string }
  | {
      readonly toolCalls: readonly {
        readonly name: string
        readonly arguments: object | string
        readonly id?: string
      }[]
      readonly text?: string
    }
  | { readonly status: number; readonly message: string; readonly headers?: Readonly<Record<string, string>> }

/** One request the fake server received. */
export interface ReceivedRequest {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  /** The parsed JSON body. */
  readonly body: any
}

/** An OpenAI-compatible `/chat/completions` server on 127.0.0.1 that answers from a queue and records requests. */
export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseURL: string
  readonly requests: ReceivedRequest[]
  /** Queues answers; each request takes the next (or a function of the request body). */
  reply(...answers: (FakeAnswer | ((body: any) => FakeAnswer))[]): void
  /** Requests that found no queued answer (they got HTTP 500). */
  readonly unexpected: ReceivedRequest[]
  close(): Promise<void>
}

/**
 * Starts a fake OpenAI-compatible server on a free port of 127.0.0.1. It answers `POST /v1/chat/completions` with a
 * chat completion, or with `stream: true` with server-sent events as OpenAI sends them (a role chunk, the text word
 * by word, tool calls with their arguments in two pieces, the finish reason, the usage when
 * `stream_options.include_usage` is set, then `[DONE]`). Usage is deterministic: 10 prompt tokens per message,
 * one completion token per word of text and 5 per tool call.
 */
export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const requests: ReceivedRequest[] = []
  const unexpected: ReceivedRequest[] = []
  const queue: (FakeAnswer | ((body: any) => FakeAnswer))[] = []
  let created = 0
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const request: ReceivedRequest = {
        path: new URL(incoming.url ?? '/', 'http://127.0.0.1').pathname,
        headers: incoming.headers,
        body: text ? JSON.parse(text) : undefined,
      }
      requests.push(request)
      const next = queue.shift()
      if (request.path !== '/v1/chat/completions' || next === undefined) {
        unexpected.push(request)
        sendJson(outgoing, 500, { error: { message: `no answer queued for ${request.path}`, type: 'server_error' } })
        return
      }
      const answer = typeof next === 'function' ? next(request.body) : next
      if ('status' in answer) {
        sendJson(outgoing, answer.status, { error: { message: answer.message, type: 'error' } }, answer.headers)
        return
      }
      const id = `chatcmpl-${++created}`
      const messages = (request.body?.messages ?? []) as unknown[]
      if (request.body?.stream) sendStream(outgoing, id, request.body, answer, messages.length)
      else sendJson(outgoing, 200, completion(id, request.body?.model, answer, messages.length))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    unexpected,
    reply: (...answers) => void queue.push(...answers),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

type ContentAnswer = Exclude<FakeAnswer, { status: number }>

function toolCallsOf(answer: ContentAnswer, id: string) {
  if (!('toolCalls' in answer)) return []
  return answer.toolCalls.map((call, index) => ({
    id: call.id ?? `call_${id.slice(-4)}_${index}`,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }))
}

function usageOf(answer: ContentAnswer, messageCount: number) {
  const words = (answer.text ?? '').split(/\s+/).filter(Boolean).length
  const prompt = messageCount * 10
  const completion = words + 5 * ('toolCalls' in answer ? answer.toolCalls.length : 0)
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
}

function completion(id: string, model: string, answer: ContentAnswer, messageCount: number): object {
  const toolCalls = toolCallsOf(answer, id)
  return {
    id,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: `${model}-served`,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text ?? null,
          ...('reasoning' in answer && answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageOf(answer, messageCount),
  }
}

function sendStream(
  outgoing: ServerResponse,
  id: string,
  body: any,
  answer: ContentAnswer,
  messageCount: number,
): void {
  const base = { id, object: 'chat.completion.chunk', created: 1_700_000_000, model: `${body.model}-served` }
  const chunk = (delta: object, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })
  const events: object[] = [chunk({ role: 'assistant', content: '' })]
  if ('reasoning' in answer && answer.reasoning) events.push(chunk({ reasoning_content: answer.reasoning }))
  for (const word of (answer.text ?? '').match(/\S+\s*/g) ?? []) events.push(chunk({ content: word }))
  const toolCalls = toolCallsOf(answer, id)
  toolCalls.forEach((call, index) => {
    const half = Math.ceil(call.function.arguments.length / 2)
    events.push(
      chunk({
        tool_calls: [
          {
            index,
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) },
          },
        ],
      }),
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] }),
    )
  })
  events.push(chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop'))
  if (body.stream_options?.include_usage) events.push({ ...base, choices: [], usage: usageOf(answer, messageCount) })
  outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  for (const event of events) outgoing.write(`data: ${JSON.stringify(event)}\n\n`)
  outgoing.end('data: [DONE]\n\n')
}

function sendJson(
  outgoing: ServerResponse,
  status: number,
  body: object,
  headers: Readonly<Record<string, string>> = {},
): void {
  outgoing.writeHead(status, { 'content-type': 'application/json', ...headers })
  outgoing.end(JSON.stringify(body))
}
