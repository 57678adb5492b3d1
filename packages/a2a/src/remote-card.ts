import type { AgentCard } from '@a2a-js/sdk'
import type { A2aAgentCard } from './a2a-card-types.js'
import { AGENT_CARD_PATH } from '@a2a-js/sdk'
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client'
import { RemoteAgentError } from './remote-agent-error.js'
import { errorMessage } from './error-message.js'
import { publicText } from './public-text.js'
import { boundedFetch, MAX_CARD_BYTES, remoteErrorIn } from './remote-fetch.js'

/** Where a remote agent is: its base URL, its card's URL, or the card itself. */
export type RemoteAgentSource = string | A2aAgentCard

const legacyCompat = { enabled: true }

/** The URL the views and errors name: the string given, or the card's first interface URL. */
export function sourceUrl(source: RemoteAgentSource): string {
  if (typeof source === 'string') return source
  const card = source as Partial<A2aAgentCard> & { url?: unknown }
  return card.supportedInterfaces?.[0]?.url ?? (typeof card.url === 'string' ? card.url : '(card without a URL)')
}

/** A problem with a URL given as a remote agent's address, or `undefined` when it is an http(s) URL. */
export function urlProblem(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `"${url}" is not a URL. Give the agent's base URL (http://host:port/) or its card's URL.`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `"${url}" is not an http(s) URL (it uses ${parsed.protocol}). A2A agents are reached over HTTP.`
  return undefined
}

function cardUrlOf(url: string): { base: string; path: string } {
  const parsed = new URL(url)
  if (parsed.pathname.endsWith('.json')) return { base: url, path: '' }
  // Relative to the base URL's path, so an agent served under /agents/x/ has its card there.
  return { base: url.endsWith('/') ? url : `${url}/`, path: AGENT_CARD_PATH.replace(/^\//, '') }
}

/** What is missing from a card, or `undefined` when it has what a client needs. */
export function cardProblem(card: unknown): string | undefined {
  if (typeof card !== 'object' || card === null) return 'the card is not a JSON object'
  const candidate = card as Partial<AgentCard>
  const missing: string[] = []
  if (typeof candidate.name !== 'string' || candidate.name.length === 0) missing.push('name')
  const interfaces = candidate.supportedInterfaces
  if (!Array.isArray(interfaces) || interfaces.length === 0 || interfaces.some((item) => typeof item?.url !== 'string'))
    missing.push('supportedInterfaces (each with a url)')
  if (missing.length > 0) return `the card has no ${missing.join(' and no ')}`
  const notHttp = (interfaces as { url: string }[]).find((item) => urlProblem(item.url) !== undefined)
  return notHttp
    ? `the card's interface ${JSON.stringify(publicText(notHttp.url, 200))} is not an http(s) URL`
    : undefined
}

/**
 * Reads and checks a remote agent's card: fetched from its URL (a base URL gets `/.well-known/agent-card.json`; v0.3
 * cards are translated; at most {@link MAX_CARD_BYTES}, no redirect followed), or the card object given; each
 * interface must be an http(s) URL. Every problem is a `RemoteAgentError` naming the URL.
 */
export async function resolveCard(
  source: RemoteAgentSource,
  agentName: string,
  fetchImpl: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<AgentCard> {
  const url = sourceUrl(source)
  const bounded = boundedFetch(fetchImpl, { agentName, url, maxBytes: MAX_CARD_BYTES, what: 'its agent card' })
  const resolver = new DefaultAgentCardResolver({
    legacyCompat,
    fetchImpl: (input, init) => bounded(input, { ...init, ...(signal ? { signal } : {}) }),
  })
  let card: unknown
  if (typeof source === 'string') {
    const problem = urlProblem(source)
    if (problem)
      throw new RemoteAgentError(`Remote agent "${agentName}": ${problem}`, { url, failure: 'card-invalid', agentName })
    const { base, path } = cardUrlOf(source)
    try {
      card = await resolver.resolve(base, path)
    } catch (error) {
      throw cardFetchError(error, agentName, url, signal)
    }
  } else {
    try {
      card = resolver.normalizeAgentCard(source)
    } catch (error) {
      throw new RemoteAgentError(
        `Remote agent "${agentName}": the agent card given for ${url} is not a valid A2A card (${publicText(errorMessage(error), 500)}).`,
        { url, failure: 'card-invalid', agentName, cause: error },
      )
    }
  }
  const problem = cardProblem(card)
  if (problem)
    throw new RemoteAgentError(
      `Remote agent "${agentName}" at ${url}: ${problem}. An A2A card needs a name and at least one interface URL.`,
      { url, failure: 'card-invalid', agentName },
    )
  return card as AgentCard
}

function cardFetchError(
  error: unknown,
  agentName: string,
  url: string,
  signal: AbortSignal | undefined,
): RemoteAgentError {
  const limit = remoteErrorIn(error)
  if (limit) return limit
  if (signal?.aborted)
    return new RemoteAgentError(`Remote agent "${agentName}" at ${url}: reading its agent card was cancelled.`, {
      url,
      failure: signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError' ? 'timeout' : 'aborted',
      agentName,
      cause: error,
    })
  const refused = isRefused(error)
  return new RemoteAgentError(
    refused
      ? `Remote agent "${agentName}" at ${url} refused the connection (nothing listens there). Start the agent, or check the URL.`
      : `Remote agent "${agentName}": could not read its agent card from ${url} (${publicText(errorMessage(error), 500)}). Check the URL; a base URL gets /.well-known/agent-card.json.`,
    { url, failure: refused ? 'refused' : 'card-invalid', agentName, cause: error },
  )
}

/** True when the error (or its cause) is a refused or unreachable connection. */
export function isRefused(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') return true
    if (current instanceof TypeError && current.message === 'fetch failed' && !(current as { cause?: unknown }).cause)
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
