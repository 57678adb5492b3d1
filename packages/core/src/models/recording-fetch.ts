import { parseRetryAfter } from './retry.js'

/** What {@link createRecordingFetch} saw of the last failed HTTP response. */
export interface FailedResponseRecord {
  status?: number
  /** The `Retry-After` header, in milliseconds, when the response had a readable one. */
  retryAfterMs?: number
}

type FetchFunction = (input: Parameters<typeof fetch>[0], init?: RequestInit) => Promise<Response>

const undiciGlobalDispatcher = Symbol.for('undici.globalDispatcher.1')

/**
 * Wraps `fetch` for one model call so the caller can read the `Retry-After` header of a failed response (the
 * `@google/genai` errors carry only the status and body). When it wraps Node's own fetch it also lifts undici's
 * 300 s header and body timeouts, as the client does for its default fetch: long generations are legitimate and
 * the call's abort signal (or `httpOptions.timeout`) bounds them instead.
 */
export function createRecordingFetch(record: FailedResponseRecord, baseFetch?: FetchFunction): FetchFunction {
  const target = baseFetch ?? globalThis.fetch
  return async (input, init) => {
    const response = await target(input, baseFetch ? init : withoutUndiciTimeouts(init))
    if (!response.ok) {
      record.status = response.status
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
      if (retryAfterMs === undefined) delete record.retryAfterMs
      else record.retryAfterMs = retryAfterMs
    }
    return response
  }
}

interface Dispatcher {
  dispatch(options: Record<string, unknown>, handler: unknown): boolean
}

function withoutUndiciTimeouts(init: RequestInit | undefined): RequestInit | undefined {
  if (init && 'dispatcher' in init) return init
  const dispatcher: Dispatcher = {
    dispatch(options, handler) {
      const global = (globalThis as Record<symbol, Dispatcher | undefined>)[undiciGlobalDispatcher]
      if (!global) throw new Error('The undici global dispatcher is not available in this runtime.')
      return global.dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler)
    },
  }
  return { ...init, dispatcher } as unknown as RequestInit
}
