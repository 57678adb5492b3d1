import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { errorReply } from './error-reply.js'
import { EventStream, type EventStreamOptions } from './event-stream.js'
import { isLoopbackHost, refusal, type HostRule } from './host-check.js'
import { listen } from './listen.js'
import { Reply, sendReply } from './reply.js'
import { HttpRequestError } from './request-error.js'
import { requestTarget, type Router } from './router.js'

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  readonly router: Router
  /** 0 takes a free port. */
  readonly port: number
  readonly host: string
  /**
   * Host names (any port) a request's `Host` and `Origin` may name besides this server's loopback names. The check
   * (against DNS rebinding and cross-site pages) is on for a loopback host, and for any host once names are given.
   */
  readonly allowedHosts?: readonly string[]
  /** Timeouts and the number of open event streams (see {@link HttpServerLimits} for the defaults). */
  readonly limits?: Partial<HttpServerLimits>
}

/** What one client may hold of a server, so that a slow or greedy one never stops the others. */
export interface HttpServerLimits {
  /** A request whose headers have not all arrived after this long is answered 408 and closed (default 10 s). */
  readonly headersTimeoutMs: number
  /** A request whose body has not all arrived after this long is answered 408 and closed (default 120 s). */
  readonly requestTimeoutMs: number
  /** Event streams open at once; one more is refused with 429 `HTTP_TOO_MANY` (default 100). */
  readonly maxStreams: number
}

/** The limits of a server unless its options say otherwise. */
export const defaultHttpServerLimits: HttpServerLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  maxStreams: 100,
})

/** A running server. */
export interface HttpServer {
  readonly port: number
  /** `http://<host>:<port>`, without a trailing slash. */
  readonly url: string
  /** Ends every open event stream (the runs behind them go on; clients reconnect). */
  dropStreams(): void
  /** Stops accepting requests, ends open streams and connections, and resolves once closed. */
  close(): Promise<void>
}

const ignore = () => undefined

/**
 * Serves a {@link Router} over `node:http`, robust by construction: whatever a request holds (a target that is no URL,
 * bad encoding, a huge or malformed body, a handler that throws), it gets an answer or its connection is closed, and
 * the process goes on. A failure is answered `{ "error": … }`: a refused request with its status, anything else a 500
 * without a stack trace or local path. A taken port is a `PortInUseError`.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const { router, host } = options
  const allowedHosts = options.allowedHosts ?? []
  const limits = { ...defaultHttpServerLimits, ...options.limits }
  // The port is known once listening (port 0 takes a free one).
  let rule: HostRule = { port: options.port, allowedHosts }
  const checked = isLoopbackHost(host) || allowedHosts.length > 0
  const streams = new Set<EventStream>()
  const checkStreamRoom = () => {
    if (streams.size >= limits.maxStreams)
      throw new HttpRequestError(
        'HTTP_TOO_MANY',
        `This server already has ${limits.maxStreams} event streams open, the most it keeps; close one (or wait for a run to end) and try again.`,
      )
  }
  const eventStream = (response: ServerResponse, streamOptions: EventStreamOptions | undefined) => {
    checkStreamRoom()
    const stream = new EventStream(response, streamOptions)
    streams.add(stream)
    stream.onClose(() => streams.delete(stream))
    return stream
  }

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const refused = checked ? refusal(request, rule) : undefined
    if (refused) throw new HttpRequestError('HTTP_FORBIDDEN', refused)
    const { pathname, query } = requestTarget(request.url)
    const { handler, params } = router.match(request.method ?? 'GET', pathname)
    const result = await handler({
      request,
      response,
      params,
      query,
      eventStream: (streamOptions) => eventStream(response, streamOptions),
      checkStreamRoom,
    })
    if (result !== undefined) sendReply(response, result instanceof Reply ? result : Reply.json(result))
  }
  const fail = (request: IncomingMessage, response: ServerResponse, error: unknown): void => {
    try {
      // Answered before the whole body arrived (too large, refused early): the connection closes after the answer.
      if (!request.complete && !response.headersSent) response.setHeader('connection', 'close')
      sendReply(response, errorReply(error, 'Request failed'))
    } catch {
      response.destroy()
    }
  }
  // Slow clients (headers or a body sent a byte at a time) are timed out; the checks run every second.
  const serverOptions = {
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  }
  const server = createServer(serverOptions, (request, response) => {
    // A client that goes away mid-request is not an error of the process.
    request.on('error', ignore)
    response.on('error', ignore)
    answer(request, response).catch((error: unknown) => fail(request, response, error))
  })
  const port = await listen(server, options.port, host)
  rule = { port, allowedHosts }
  // After listening, a server error (too many open files on accept, …) is not worth ending the process for.
  server.on('error', ignore)
  const dropStreams = () => {
    for (const stream of [...streams]) stream.end()
  }
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return {
    port,
    url: `http://${shownHost}:${port}`,
    dropStreams,
    close: () =>
      new Promise<void>((resolve, reject) => {
        dropStreams()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
