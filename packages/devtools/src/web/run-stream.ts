import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RunLog } from './run-log.js'

/** How long a quiet stream waits before a comment line keeps proxies and browsers from timing it out. */
const keepAliveMs = 15_000

/** The id of the last entry the client has: `Last-Event-ID` (a reconnecting `EventSource`) or `?after=`. */
export function lastSeenId(request: IncomingMessage, url: URL): number {
  const header = request.headers['last-event-id']
  const raw = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('after') ?? '0'
  const value = Number.parseInt(raw, 10)
  return Number.isFinite(value) && value > 0 ? value : 0
}

/**
 * Streams a run as server-sent events: `id: <n>` and `data: <entry JSON>` per entry, starting after `afterId`, live
 * until the `end` entry, then the response ends. A finished run with nothing left to send answers 204, which tells an
 * `EventSource` not to reconnect. Returns when the response is over (or the client went away).
 */
export function streamRun(
  log: RunLog,
  afterId: number,
  response: ServerResponse,
  track: (end: () => void) => () => void,
): void {
  if (log.finished && afterId >= log.entries.length) {
    response.writeHead(204).end()
    return
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  response.write('retry: 500\n\n')
  const timer = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs)
  let unsubscribe: () => void = () => undefined
  let untrack: () => void = () => undefined
  const stop = () => {
    clearInterval(timer)
    unsubscribe()
    untrack()
  }
  untrack = track(() => {
    stop()
    response.end()
  })
  response.on('close', stop)
  unsubscribe = log.subscribe(afterId, {
    entry: (entry) => response.write(`id: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`),
    end: () => {
      stop()
      response.end()
    },
  })
}
