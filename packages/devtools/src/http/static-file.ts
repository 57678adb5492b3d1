import { extname } from 'node:path'

/** A file served as it is: its content type and bytes. */
export interface StaticFile {
  readonly type: string
  readonly body: Buffer
}

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** The content type a served file is sent with, by its extension (`application/octet-stream` for any other). */
export function contentTypeOf(path: string): string {
  return types[extname(path).toLowerCase()] ?? 'application/octet-stream'
}
