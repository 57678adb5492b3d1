import { request } from 'node:http'
import { expect } from 'vitest'

/** A reply read byte for byte (no client in between). */
export interface RawReply {
  readonly status: number
  readonly contentType: string
  readonly text: string
}

/**
 * One HTTP request with exactly the headers given (`Host` included: `fetch` always sends its own), for the requests
 * a client library would never send.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer | undefined
    path?: string
  } = {},
): Promise<RawReply> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? 'POST',
        path: options.path ?? target.pathname,
        headers: { 'content-type': 'application/json', ...options.headers },
        setHost: options.headers?.['host'] === undefined,
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** A JSON-RPC request body. */
export function rpc(method: string, params: unknown, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params })
}

/** Checks a reply is a clean JSON-RPC error: JSON, no HTML, no stack, no local path; returns the error. */
export function cleanRpcError(reply: RawReply): { code: number; message: string } {
  expect(reply.contentType).toMatch(/^application\/json/)
  expectClean(reply.text)
  const body = JSON.parse(reply.text) as { jsonrpc: string; error?: { code: number; message: string } }
  expect(body.jsonrpc).toBe('2.0')
  expect(body.error).toBeDefined()
  return body.error as { code: number; message: string }
}

/** No HTML, stack frame, install path or working directory in `text`. */
export function expectClean(text: string): void {
  expect(text).not.toMatch(/<html|<!DOCTYPE|<pre>/i)
  expect(text).not.toMatch(/\n\s+at |\bat [\w.<>]+ \(/)
  expect(text).not.toContain('node_modules')
  expect(text).not.toContain(process.cwd())
}
