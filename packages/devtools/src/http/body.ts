import type { IncomingMessage } from 'node:http'
import { checkedId } from './ids.js'
import { HttpRequestError } from './request-error.js'

/** How a server reads request bodies. */
export interface BodyOptions {
  /** The largest body accepted, in bytes; a larger one is a 413 before it is parsed. */
  readonly maxBytes: number
  /** How deep its objects and arrays may nest (default {@link maxBodyDepth}); a deeper body is a 400 before it is parsed. */
  readonly maxDepth?: number
}

/** How deep a request body may nest by default: far more than any message, state or event needs. */
export const maxBodyDepth = 100

/**
 * How deep the JSON `text` nests, counted up to `limit + 1` without parsing it (brackets inside strings do not count),
 * so a body nested a million levels deep is refused before `JSON.parse` builds it and before anything walks it.
 */
function depthOf(text: string, limit: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (inString) {
      if (char === 0x5c)
        at++ // backslash: skip the escaped character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest
    } else if (char === 0x7d || char === 0x5d) depth--
  }
  return deepest
}

/** Media types a JSON body may be sent as: JSON, any `+json`, or `text/plain` (what `fetch` sends for a string). */
function isJsonType(header: string | undefined): boolean {
  if (header === undefined) return true
  const type = (header.split(';')[0] ?? '').trim().toLowerCase()
  return type === '' || type === 'application/json' || type.endsWith('+json') || type === 'text/plain'
}

function tooLarge(maxBytes: number): HttpRequestError {
  return new HttpRequestError('HTTP_BODY_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`)
}

/**
 * The body's bytes, up to `maxBytes` (more is a 413: reading stops there and the rest is never buffered; the server
 * closes such a connection after its answer).
 */
function readBytes(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (request.readableEnded) return resolve(Buffer.alloc(0))
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) return void chunks.push(chunk)
      stop()
      request.pause()
      reject(tooLarge(maxBytes))
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onError)
  })
}

/**
 * The request's body as a JSON object (`{}` when empty or `null`). Another media type (a form, a file) is a 415; a
 * body over `maxBytes` a 413 (told by `Content-Length` before anything is read, or while reading); text that is not
 * JSON, or JSON that is not an object, a 400.
 */
export async function readJsonBody(request: IncomingMessage, options: BodyOptions): Promise<Record<string, unknown>> {
  const type = request.headers['content-type']
  if (!isJsonType(type))
    throw new HttpRequestError(
      'HTTP_UNSUPPORTED_MEDIA_TYPE',
      `The request body must be JSON (Content-Type: application/json), got "${String(type).slice(0, 100)}".`,
    )
  const declared = Number(request.headers['content-length'])
  if (declared > options.maxBytes) throw tooLarge(options.maxBytes)
  const text = (await readBytes(request, options.maxBytes)).toString('utf8').trim()
  if (text === '' || text === 'null') return {}
  const maxDepth = options.maxDepth ?? maxBodyDepth
  if (depthOf(text, maxDepth) > maxDepth)
    throw new HttpRequestError(
      'HTTP_BAD_REQUEST',
      `The request body is nested more than ${maxDepth} levels deep (objects and arrays); send a flatter value.`,
    )
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new HttpRequestError('HTTP_BAD_REQUEST', `The request body is not JSON: ${(error as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpRequestError('HTTP_BAD_REQUEST', 'The request body must be a JSON object.')
  return value as Record<string, unknown>
}

const bad = (message: string) => new HttpRequestError('HTTP_BAD_REQUEST', message)

/** `body[name]` as a string that is not blank; otherwise a 400 naming the field. */
export function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value.trim() === '')
    throw bad(`"${name}" must be a non-empty string, got ${describe(value)}.`)
  return value
}

/** `body[name]` as an id (a user, session or case id: see `idIssue`); otherwise a 400 naming the field. */
export function requiredId(body: Record<string, unknown>, name: string): string {
  return checkedId(requiredString(body, name), `"${name}"`)
}

/** `body[name]` as a string, `undefined` when absent; otherwise a 400 naming the field. */
export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw bad(`"${name}" must be a string, got ${describe(value)}.`)
  return value
}

/** `body[name]` as a JSON object, `undefined` when absent or null; otherwise a 400 naming the field. */
export function optionalObject(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw bad(`"${name}" must be a JSON object, got ${describe(value)}.`)
  return value as Record<string, unknown>
}

/** `body[name]` as a boolean, `false` when absent or null; otherwise a 400 naming the field. */
export function optionalBoolean(body: Record<string, unknown>, name: string): boolean {
  const value = body[name]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw bad(`"${name}" must be true or false, got ${describe(value)}.`)
  return value
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : `a ${typeof value}`
}
