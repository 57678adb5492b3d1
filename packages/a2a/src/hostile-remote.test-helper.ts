import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

/** A remote that answers as a test says, from the first byte: any status, headers, body, pace. */
export interface HostileRemote {
  /** Base URL, ending in `/`. */
  readonly url: string
  /** Requests it got: method and path. */
  readonly seen: string[]
  close(): Promise<void>
}

export type HostileHandler = (request: IncomingMessage, response: ServerResponse, url: string) => void

/** A well-formed A2A 1.0 card whose JSON-RPC interface is at `url` + `rpcPath`. */
export function cardFor(url: string, rpcPath = '', streaming = false): Record<string, unknown> {
  return {
    name: 'hostile',
    description: 'A remote that misbehaves.',
    supportedInterfaces: [{ url: `${url}${rpcPath}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  }
}

/** Serves the card for GETs of the well-known path and hands every other request to `rpc`. */
export function withCard(rpc: HostileHandler, streaming = false): HostileHandler {
  return (request, response, url) => {
    if (request.method === 'GET' && request.url?.endsWith('agent-card.json')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(cardFor(url, '', streaming)))
      return
    }
    rpc(request, response, url)
  }
}

/** Starts hostile remotes on 127.0.0.1 for one test file; all are closed (connections too) after each test. */
export function hostileRemotes(): (handler: HostileHandler) => Promise<HostileRemote> {
  const started: Server[] = []
  afterEach(async () => {
    for (const server of started.splice(0)) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
  return async (handler) => {
    const seen: string[] = []
    let url = ''
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`)
      request.resume()
      handler(request, response, url)
    })
    started.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    return {
      url,
      seen,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    }
  }
}

/** Writes `chunk` every `ms` until the client goes away (a never-ending or drip-fed answer). */
export function drip(response: ServerResponse, chunk: string, ms: number): void {
  const timer = setInterval(() => {
    if (response.destroyed || response.writableEnded) clearInterval(timer)
    else response.write(chunk)
  }, ms)
  response.on('close', () => clearInterval(timer))
}
