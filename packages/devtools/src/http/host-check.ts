import type { IncomingMessage } from 'node:http'

const loopbackNames = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** True for a loopback host as `listen` takes it (`127.0.0.1`, `localhost`, `::1`). */
export function isLoopbackHost(host: string): boolean {
  return loopbackNames.has(host) || host === '::1'
}

/** Who may call a server: its port, and the names besides the loopback ones its `Host` may carry. */
export interface HostRule {
  readonly port: number
  /** Host names (any port) a request may name too, for a server reached through a proxy or a name of yours. */
  readonly allowedHosts: readonly string[]
}

/** How a `Host` (or an origin's host) names this server: on a loopback name and its port, by an allowed name, or not. */
function hostKind(host: string, rule: HostRule): 'loopback' | 'allowed' | undefined {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase())
  if (!match) return undefined
  const name = match[1] as string
  if (rule.allowedHosts.some((allowed) => allowed.toLowerCase() === name)) return 'allowed'
  const port = match[2] === undefined ? 80 : Number(match[2])
  return loopbackNames.has(name) && port === rule.port ? 'loopback' : undefined
}

/**
 * Why a request must be refused, or `undefined` when it may be answered: its `Host` must name this server (a loopback
 * name and this port, or an allowed host) so a DNS-rebound page cannot reach it, and its `Origin`, when there is one,
 * must be this server too (no cross-site use of a running server, whatever the method). A browser's request that
 * says it comes from another site (`Sec-Fetch-Site: cross-site` or `same-site`) without an `Origin` (an image, a
 * script, a no-cors fetch) is refused too, unless it opens a page (`Sec-Fetch-Mode: navigate`: following a link to
 * the server is fine).
 */
export function refusal(request: IncomingMessage, rule: HostRule): string | undefined {
  const host = request.headers.host
  if (host === undefined || !hostKind(host, rule)) return `Host "${shown(host ?? '')}" is not this local server.`
  const origin = request.headers.origin
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site']
    const crossSite = site === 'cross-site' || site === 'same-site'
    return crossSite && request.headers['sec-fetch-mode'] !== 'navigate'
      ? `A request from another site (Sec-Fetch-Site: ${site}) may not use this local server.`
      : undefined
  }
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `Origin "${shown(origin)}" is not this local server.`
  }
  const kind = hostKind(url.host, rule)
  // A loopback page is served over http; an allowed name may sit behind a proxy that speaks https.
  if (kind === 'loopback' ? url.protocol === 'http:' : kind === 'allowed' && /^https?:$/.test(url.protocol))
    return undefined
  return `Origin "${shown(origin)}" is not this local server.`
}

function shown(value: string): string {
  return value.length > 100 ? `${value.slice(0, 100)}…` : value
}
