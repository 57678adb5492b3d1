import type { IncomingMessage } from 'node:http'
import { Reply, sendReply } from '../http/reply.js'
import type { RouteCall } from '../http/router.js'
import type { RunLog } from './run-log.js'

/** How long a quiet stream waits before a comment line keeps proxies and browsers from timing it out. */
const keepAliveMs = 15_000

/** The id of the last entry the client has: `Last-Event-ID` (a reconnecting `EventSource`) or `?after=`. */
export function lastSeenId(request: IncomingMessage, query: URLSearchParams): number {
  const header = request.headers['last-event-id']
  const raw = (Array.isArray(header) ? header[0] : header) ?? query.get('after') ?? '0'
  const value = Number.parseInt(raw, 10)
  return Number.isFinite(value) && value > 0 ? value : 0
}

/**
 * Streams a run as server-sent events: `id: <n>` and `data: <entry JSON>` per entry, starting after `afterId`, live
 * until the `end` entry, then the response ends. A finished run with nothing left to send answers 204, which tells an
 * `EventSource` not to reconnect.
 */
export function streamRun(log: RunLog, afterId: number, call: RouteCall): void {
  if (log.finished && afterId >= log.entries.length) return sendReply(call.response, Reply.empty(204))
  const stream = call.eventStream({ retryMs: 500, keepAliveMs })
  const unsubscribe = log.subscribe(afterId, {
    entry: (entry) => stream.send(entry, entry.id),
    end: () => stream.end(),
  })
  stream.onClose(unsubscribe)
}
