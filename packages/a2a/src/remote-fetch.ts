import { RemoteAgentError } from './remote-agent-error.js'
import { publicText } from './public-text.js'

/** Largest agent card read from a remote, in bytes (cards are a few kilobytes). */
export const MAX_CARD_BYTES = 1024 * 1024

/** Largest answer (one JSON-RPC reply, or a whole stream) read from a remote, in bytes. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024

/** Who is calling, for the errors. */
export interface RemoteFetchScope {
  readonly agentName: string
  readonly url: string
  readonly maxBytes: number
  /** What is read, in errors: `its agent card`, `its answer`. */
  readonly what: string
}

/**
 * `fetchImpl` as a remote agent's requests use it: a redirect is never followed (a `RemoteAgentError`, failure
 * `redirect`, naming where it pointed: a remote cannot send our requests, and what `fetch` adds to them, elsewhere),
 * and a body longer than `maxBytes` stops being read (failure `too-large`) instead of filling memory.
 */
export function boundedFetch(fetchImpl: typeof fetch, scope: RemoteFetchScope): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, { ...init, redirect: 'manual' })
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      void response.body?.cancel().catch(() => undefined)
      const location = response.headers.get('location')
      throw new RemoteAgentError(
        `Remote agent "${scope.agentName}" at ${scope.url} answered with a redirect (HTTP ${response.status})${location ? ` to ${publicText(location, 300)}` : ''}. A remote agent's redirects are not followed: if you trust where it points, use that URL.`,
        { url: scope.url, failure: 'redirect', agentName: scope.agentName },
      )
    }
    if (!response.body) return response
    return new Response(response.body.pipeThrough(byteLimit(scope)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

function byteLimit(scope: RemoteFetchScope): TransformStream<Uint8Array, Uint8Array> {
  let read = 0
  return new TransformStream({
    transform(chunk, controller) {
      read += chunk.byteLength
      if (read > scope.maxBytes) {
        controller.error(
          new RemoteAgentError(
            `Remote agent "${scope.agentName}" at ${scope.url} sent more than ${scope.maxBytes} bytes as ${scope.what}; the rest was not read.`,
            { url: scope.url, failure: 'too-large', agentName: scope.agentName },
          ),
        )
        return
      }
      controller.enqueue(chunk)
    },
  })
}

/** The first `RemoteAgentError` in `error`'s cause chain (a limit or redirect the SDK wrapped), if any. */
export function remoteErrorIn(error: unknown): RemoteAgentError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (RemoteAgentError.isInstance(current)) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
