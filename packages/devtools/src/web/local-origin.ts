import type { IncomingMessage } from 'node:http'

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

function isLocalHost(host: string, port: number): boolean {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase())
  if (!match) return false
  return localHosts.has(match[1] as string) && (match[2] === undefined ? port === 80 : Number(match[2]) === port)
}

/**
 * Why a request must be refused, or `undefined` when it is local: its `Host` must name this server on a loopback
 * name (no DNS rebinding) and its `Origin`, when there is one, must be this server too (no cross-site use of a running
 * dev server, whatever the method).
 */
export function refusal(request: IncomingMessage, port: number): string | undefined {
  const host = request.headers.host
  if (host === undefined || !isLocalHost(host, port)) return `Host "${host ?? ''}" is not this local server.`
  const origin = request.headers.origin
  if (origin === undefined) return undefined
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `Origin "${origin}" is not this local server.`
  }
  if (url.protocol !== 'http:' || !isLocalHost(url.host, port)) return `Origin "${origin}" is not this local server.`
  return undefined
}
