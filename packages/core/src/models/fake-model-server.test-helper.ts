import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake server received. */
export interface RecordedRequest {
  readonly method: string
  /** The path without the query, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingHttpHeaders
  /** The parsed JSON body (`undefined` when there was none). */
  readonly body: any
}

/** A canned answer. */
export type FakeReply =
  | { readonly json: unknown; readonly status?: number; readonly headers?: Readonly<Record<string, string>> }
  | {
      /** Server-sent events, one `data:` line per chunk (as JSON; the string `'[DONE]'` as itself). */
      readonly sse: readonly unknown[]
      /** Wait between chunks. */
      readonly delayMs?: number
      /** Keep the connection open after the chunks (for abort tests). */
      readonly hold?: boolean
    }

/** A local HTTP server that answers model API calls with canned replies, in order, and records the requests. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string
  readonly requests: RecordedRequest[]
  /** Queues replies; each request takes the next one (or a function of the request). */
  reply(...replies: (FakeReply | ((request: RecordedRequest) => FakeReply))[]): void
  /** Requests with no queued reply get a 500 whose message says so; this lists them. */
  readonly unexpected: RecordedRequest[]
  /** Requests whose client closed the connection before the reply was complete. */
  readonly cancelled: RecordedRequest[]
  /** Forgets requests and queued replies. */
  reset(): void
  close(): Promise<void>
}

/** Starts a {@link FakeModelServer} on 127.0.0.1 on a free port. */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = []
  const unexpected: RecordedRequest[] = []
  const cancelled: RecordedRequest[] = []
  let queue: (FakeReply | ((request: RecordedRequest) => FakeReply))[] = []
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
      const text = Buffer.concat(chunks).toString('utf8')
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: incoming.headers,
        body: text.length > 0 ? JSON.parse(text) : undefined,
      }
      requests.push(request)
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) cancelled.push(request)
      })
      const next = queue.shift()
      if (next === undefined) {
        unexpected.push(request)
        send(outgoing, { json: { error: { code: 500, message: `no reply queued for ${request.path}` } }, status: 500 })
        return
      }
      send(outgoing, typeof next === 'function' ? next(request) : next)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    cancelled,
    reply: (...replies) => queue.push(...replies),
    reset() {
      requests.length = 0
      unexpected.length = 0
      cancelled.length = 0
      queue = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function send(outgoing: ServerResponse, reply: FakeReply): void {
  if ('json' in reply) {
    outgoing.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
    outgoing.end(JSON.stringify(reply.json))
    return
  }
  outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  const events = [...reply.sse]
  const writeNext = (): void => {
    if (outgoing.destroyed) return
    const event = events.shift()
    if (event === undefined) {
      if (!reply.hold) outgoing.end()
      return
    }
    outgoing.write(`data: ${event === '[DONE]' ? event : JSON.stringify(event)}\n\n`)
    if (reply.delayMs) setTimeout(writeNext, reply.delayMs)
    else writeNext()
  }
  writeNext()
}
