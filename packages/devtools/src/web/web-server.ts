import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { redactUri } from '../cli/redact-uri.js'
import { refusal } from './local-origin.js'
import { WebApp, type WebAppOptions } from './web-app.js'
import { route } from './web-routes.js'

/** Options of {@link startWebServer}. */
export interface WebServerOptions extends WebAppOptions {
  /** Default 8000; 0 picks a free port. */
  readonly port?: number
  /** How the sessions are stored, as shown on the page (default `memory:`). */
  readonly sessionsUri?: string
  /** How the memories are stored, as shown on the page (default `memory:`). */
  readonly memoryUri?: string
  /** A session the page opens at start; created (empty) when the store does not have it. */
  readonly session?: string
}

/** A running dev UI server. */
export interface WebServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string
  readonly port: number
  readonly app: WebApp
  /** Ends every open event stream without ending the runs (clients reconnect and resume from their last entry). */
  dropStreams(): void
  /** Stops accepting requests, ends open streams and resolves once the server is closed. */
  close(): Promise<void>
}

/** The port is taken; the message says so and names a free one nearby when it finds one. */
export class PortInUseError extends Error {
  readonly port: number
  readonly suggestion: number | undefined
  constructor(port: number, suggestion: number | undefined) {
    super(
      `port ${port} on 127.0.0.1 is already in use.` +
        (suggestion === undefined ? ' Pick another with --port <n>.' : ` Try --port ${suggestion} (free right now).`),
    )
    this.port = port
    this.suggestion = suggestion
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening)
      reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, '127.0.0.1')
  })
}

async function freePortNear(port: number): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++) {
    const probe = createServer()
    try {
      await listen(probe, candidate)
      await new Promise((resolve) => probe.close(resolve))
      return candidate
    } catch {
      // taken too: try the next
    }
  }
  return undefined
}

/**
 * Starts the dev UI: one page and its JSON + SSE API (docs/web-api.md) over `node:http`, bound to 127.0.0.1 only.
 * Requests whose `Host` or `Origin` is not this local server get 403. A taken port is a {@link PortInUseError}.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const app = new WebApp(options)
  if (options.session !== undefined && !(await app.getSession(options.session)))
    await app.createSession({}, options.session)
  const streams = new Set<() => void>()
  const track = (end: () => void) => {
    streams.add(end)
    return () => streams.delete(end)
  }
  let port = options.port ?? 8000
  // Shown on the page and returned by GET /api/app: never with the password a connection URI may carry.
  const sessionsUri = redactUri(options.sessionsUri ?? 'memory:')
  const memoryUri = redactUri(options.memoryUri ?? 'memory:')
  const server = createServer((request, response) => {
    const refused = refusal(request, port)
    if (refused) {
      response
        .writeHead(403, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: refused }))
      return
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`)
    // Nothing a request does may reject unhandled (that would end the process): a failure after the route's own
    // error handling ends this response only.
    route({ app, request, response, url, track, sessionsUri, memoryUri, openSession: options.session }).catch(() => {
      if (response.headersSent) response.destroy()
      else
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"internal error"}')
    })
  })
  try {
    port = await listen(server, port)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, await freePortNear(port))
    throw error
  }
  const dropStreams = () => {
    for (const end of [...streams]) end()
    streams.clear()
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    app,
    dropStreams,
    close: () =>
      new Promise<void>((resolve, reject) => {
        dropStreams()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
