/** What an HTTP error from a Google API says, read from a `@google/genai` `ApiError` (or any error like it). */
export interface ApiErrorDetails {
  /** The HTTP status (`429`). */
  readonly status: number
  /** The RPC status name (`'RESOURCE_EXHAUSTED'`), when the body has one. */
  readonly statusName?: string
  /** The server's error message, or the raw error text when the body is not JSON. */
  readonly message: string
  /** The delay a `google.rpc.RetryInfo` detail asks for, in milliseconds. */
  readonly retryDelayMs?: number
}

/**
 * Reads an error thrown by `@google/genai` for an HTTP failure: an object with a numeric `status` whose message is
 * the JSON error body (`{"error":{"code":429,"message":"…","status":"RESOURCE_EXHAUSTED","details":[…]}}`), possibly
 * after a prefix such as `got status: …. ` for errors sent inside a stream. Returns `undefined` for other errors.
 */
export function readApiError(error: unknown): ApiErrorDetails | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  if (typeof status !== 'number') return undefined
  const raw = error instanceof Error ? error.message : String((error as { message?: unknown }).message ?? '')
  const body = parseErrorBody(raw)
  const details: { -readonly [K in keyof ApiErrorDetails]: ApiErrorDetails[K] } = {
    status,
    message: typeof body?.message === 'string' && body.message.length > 0 ? body.message : raw,
  }
  if (typeof body?.status === 'string') details.statusName = body.status
  const retryDelayMs = retryInfoDelayMs(body?.details)
  if (retryDelayMs !== undefined) details.retryDelayMs = retryDelayMs
  return details
}

interface ErrorBody {
  readonly message?: unknown
  readonly status?: unknown
  readonly details?: unknown
}

function parseErrorBody(text: string): ErrorBody | undefined {
  const start = text.indexOf('{')
  if (start < 0) return undefined
  try {
    const parsed: unknown = JSON.parse(text.slice(start))
    const inner = (parsed as { error?: unknown } | null)?.error
    return typeof inner === 'object' && inner !== null ? (inner as ErrorBody) : undefined
  } catch {
    return undefined
  }
}

function retryInfoDelayMs(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined
  for (const detail of details as unknown[]) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay
    if (typeof delay === 'string') {
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim())
      if (match?.[1] !== undefined) return Math.round(Number(match[1]) * 1000)
    }
  }
  return undefined
}
