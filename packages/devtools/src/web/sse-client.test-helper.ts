import type { TraceEntry } from './trace-entry.js'

/** One server-sent event frame as received. */
export interface SseFrame {
  readonly id: string | undefined
  readonly data: string
}

/** What reading a stream gave: the status, the raw text, and the frames that carry data. */
export interface SseRead {
  readonly status: number
  readonly contentType: string | null
  readonly raw: string
  readonly frames: readonly SseFrame[]
  readonly entries: readonly TraceEntry[]
}

/** The complete frames of `raw` (a frame ends with a blank line; a partial one at the end is left out). */
function parseFrames(raw: string): SseFrame[] {
  return raw
    .slice(0, raw.lastIndexOf('\n\n') + 1)
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .flatMap((block) => {
      const lines = block.split('\n')
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6))
      if (data.length === 0) return []
      const id = lines.find((line) => line.startsWith('id: '))?.slice(4)
      return [{ id, data: data.join('\n') }]
    })
}

/**
 * Reads a run's event stream. `stopAfter(entry)` returning true disconnects right after that entry (a client going
 * away mid-run); otherwise it reads until the server ends the response.
 */
export async function readSse(
  url: string,
  options: { lastEventId?: number; stopAfter?: (entry: TraceEntry) => boolean } = {},
): Promise<SseRead> {
  const controller = new AbortController()
  const headers: Record<string, string> =
    options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) }
  const response = await fetch(url, { headers, signal: controller.signal })
  let raw = ''
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  try {
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      raw += decoder.decode(value, { stream: true })
      if (
        options.stopAfter &&
        parseFrames(raw).some((frame) => options.stopAfter?.(JSON.parse(frame.data) as TraceEntry))
      )
        break
    }
  } finally {
    controller.abort()
  }
  const frames = parseFrames(raw)
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    raw,
    frames,
    entries: frames.map((frame) => JSON.parse(frame.data) as TraceEntry),
  }
}
