import { networkInterfaces, hostname } from 'node:os'
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import express from 'express'
import { publicText } from './public-text.js'

/** Default largest request body `serveA2a` reads (4 MiB: a message with a few inline files). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024

/** Deepest nesting of a request body's JSON (a message's data parts included). */
export const MAX_BODY_DEPTH = 100

/** Writes a JSON-RPC error reply (`id` null: the request could not be read, or was refused before reading). */
export function replyRpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) {
    res.end()
    return
  }
  res.status(status).json({ jsonrpc: '2.0', id: null, error: { code, message } })
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '::1'])

/** The host name of a `Host` header (`[::1]:8000` → `::1`), lowercased, or `undefined` when it is malformed. */
function hostName(header: string): string | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s/@]+))(?::\d{1,5})?$/i.exec(header)
  const name = match?.[1] ?? match?.[2]
  return name?.toLowerCase().replace(/\.$/, '')
}

/** True for 127.0.0.0/8, `::1` and `localhost`. */
function isLoopback(name: string): boolean {
  return loopbackNames.has(name) || /^127(?:\.\d{1,3}){3}$/.test(name)
}

/**
 * The host names a server bound to `address` answers to: loopback names always, the bound address, and the given
 * ones; bound to every interface (`0.0.0.0`, `::`), also this machine's addresses and host name. `'*'` answers any.
 */
export function hostPolicy(address: string, allowed: readonly string[] | '*' | undefined): (name: string) => boolean {
  if (allowed === '*') return () => true
  const names = new Set([address.toLowerCase(), ...(allowed ?? []).map((host) => hostName(host) ?? host.toLowerCase())])
  if (address === '0.0.0.0' || address === '::') {
    names.add(hostname().toLowerCase())
    for (const list of Object.values(networkInterfaces()))
      for (const item of list ?? []) names.add(item.address.toLowerCase())
  }
  return (name) => isLoopback(name) || names.has(name)
}

/**
 * Refuses (403, a JSON-RPC error) a request whose `Host` is not a name of this server — a web page that rebinds its
 * own domain to this machine (DNS rebinding) — or whose `Origin` is another site: a browser page may not drive the
 * agent. Programs (the SDK's client, `RemoteAgent`) send no `Origin`.
 */
export function hostGuard(answers: (name: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host ?? ''
    const name = hostName(host)
    if (name === undefined || !answers(name)) {
      replyRpcError(
        res,
        403,
        -32600,
        `Host ${JSON.stringify(publicText(host, 200))} is not a name of this A2A server (a DNS rebinding guard). Reach it by its address, or start it with serveA2a(…, { allowedHosts: [name] }).`,
      )
      return
    }
    const origin = req.headers.origin
    if (origin !== undefined && !sameOrigin(origin, host)) {
      replyRpcError(
        res,
        403,
        -32600,
        `Origin ${JSON.stringify(publicText(origin, 200))} is another site: this A2A server answers programs and its own pages only.`,
      )
      return
    }
    next()
  }
}

function sameOrigin(origin: string, host: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase()
  } catch {
    return false
  }
}

/**
 * Refuses a request asking for an A2A version the card does not offer (as the SDK would, but without it logging a
 * stack for each): an `A2A-Version` header other than the card's versions; none means 0.3.
 */
export function versionGuard(card: {
  readonly supportedInterfaces: readonly { protocolVersion: string }[]
}): RequestHandler {
  const versions = [...new Set(card.supportedInterfaces.map((item) => item.protocolVersion))]
  return (req, res, next) => {
    const asked = req.header('A2A-Version')
    if (!asked || versions.includes(asked)) {
      next()
      return
    }
    res.status(200).json({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32009,
        message: `The requested A2A protocol version ${JSON.stringify(publicText(asked, 40))} is not supported. Supported versions: ${versions.join(', ')}.`,
      },
    })
  }
}

/** Reads a JSON body of at most `limit` bytes (after decompression) and refuses one nested deeper than {@link MAX_BODY_DEPTH}. */
export function bodyReader(limit: number): RequestHandler[] {
  const depthGuard: RequestHandler = (req, res, next) => {
    if (nestedDeeper(req.body, MAX_BODY_DEPTH)) {
      replyRpcError(res, 400, -32600, `The request's JSON is nested more than ${MAX_BODY_DEPTH} levels deep.`)
      return
    }
    next()
  }
  return [express.json({ limit }), depthGuard]
}

/** True when `value` nests objects or arrays more than `limit` levels (walked without recursion). */
function nestedDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [item, depth] = top
    if (typeof item !== 'object' || item === null) continue
    if (depth >= limit) return true
    for (const child of Array.isArray(item) ? item : Object.values(item))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
  }
  return false
}

/** Answers every path no route takes with a JSON-RPC error (404), never express's HTML page. */
export const notFound: RequestHandler = (req: Request, res: Response) => {
  replyRpcError(
    res,
    404,
    -32601,
    `Nothing at ${req.method} of this path: send JSON-RPC requests with POST to the server's URL; the agent card is at /.well-known/agent-card.json.`,
  )
}

/**
 * The last handler: any error (a body over the limit, malformed JSON, an unsupported encoding, a fault) becomes a
 * JSON-RPC error without a stack, a local path or the error's internals — never express's HTML page.
 */
export function errorReply(limit: number): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const { type, status, expose, message } = (error ?? {}) as {
      type?: unknown
      status?: unknown
      expose?: unknown
      message?: unknown
    }
    if (type === 'request.aborted') {
      res.destroy()
      return
    }
    if (type === 'entity.too.large') {
      replyRpcError(res, 413, -32600, `The request body is larger than this server's limit of ${limit} bytes.`)
      return
    }
    if (type === 'entity.parse.failed') {
      replyRpcError(res, 200, -32700, 'Invalid JSON payload.')
      return
    }
    const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500
    const text =
      code < 500 && expose === true && typeof message === 'string'
        ? `The request could not be read: ${publicText(message, 300)}.`
        : 'Internal error.'
    replyRpcError(res, code, code < 500 ? -32600 : -32603, text)
  }
}
