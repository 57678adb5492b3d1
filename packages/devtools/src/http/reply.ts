import type { ServerResponse } from 'node:http'
import type { StaticFile } from './static-file.js'

const jsonType = 'application/json; charset=utf-8'

/**
 * An answer: a status, a body (JSON, text or bytes; `undefined` for none), its content type and extra headers. A
 * handler returns one when the answer is not a JSON value with status 200.
 */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly type: string = jsonType,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  /** A JSON value. */
  static json(body: unknown, status = 200): Reply {
    return new Reply(status, body)
  }

  /** Plain text. */
  static text(body: string, status = 200): Reply {
    return new Reply(status, body, 'text/plain; charset=utf-8')
  }

  /** A status without a body (204, …). */
  static empty(status: number): Reply {
    return new Reply(status, undefined)
  }

  /** A redirect to `location` (302). */
  static redirect(location: string): Reply {
    return new Reply(302, '', 'text/plain; charset=utf-8', { location })
  }

  /** A file of a page: revalidated on every use, its type never sniffed. */
  static file(file: StaticFile): Reply {
    return new Reply(200, file.body, file.type, { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
  }

  /** The `{ "error": message }` answer every refused or failed request gets. */
  static error(status: number, message: string): Reply {
    return new Reply(status, { error: message })
  }
}

/** Writes a reply (`cache-control: no-store` unless it says otherwise); a response already started is only ended. */
export function sendReply(response: ServerResponse, reply: Reply): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.end()
    return
  }
  if (reply.body === undefined) {
    response.writeHead(reply.status, reply.headers).end()
    return
  }
  const body = Buffer.isBuffer(reply.body)
    ? reply.body
    : reply.type === jsonType
      ? JSON.stringify(reply.body)
      : String(reply.body)
  response.writeHead(reply.status, { 'content-type': reply.type, 'cache-control': 'no-store', ...reply.headers })
  response.end(body)
}
