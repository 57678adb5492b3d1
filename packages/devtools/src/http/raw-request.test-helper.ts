import { connect } from 'node:net'

/** What a server answered a raw request with: the status, the headers (lower-case names) and the body. */
export interface RawAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/**
 * Sends `head` (a request line and headers, without the blank line) and `body` as they are over a socket to
 * 127.0.0.1:`port`, with `Connection: close`, and reads the whole answer. `Host` is this server unless `head` has one.
 * No answer within 5 s (a server that lost the request) is status 0.
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  const host = /\r\nhost:/i.test(head) ? '' : `\r\nHost: 127.0.0.1:${port}`
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}${host}\r\nConnection: close\r\n\r\n${body}`))
    let text = ''
    socket.setTimeout(5000, () => socket.destroy())
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const [top = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...lines] = top.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      const raw = rest.join('\r\n\r\n')
      const body = headers['transfer-encoding'] === 'chunked' ? unchunk(raw) : raw
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body })
    })
  })
}

/** A chunked body's data. */
function unchunk(raw: string): string {
  let body = ''
  for (let at = 0; at < raw.length; ) {
    const lineEnd = raw.indexOf('\r\n', at)
    const size = Number.parseInt(raw.slice(at, lineEnd), 16)
    if (!(size > 0)) break
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
  return body
}
