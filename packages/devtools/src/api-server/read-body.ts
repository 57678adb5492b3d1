import type { IncomingMessage } from 'node:http'
import { ApiRequestError } from './api-request-error.js'

/** The largest request body accepted (ADK's server takes 50 MB of JSON: inline files of a message fit). */
export const maxBodyBytes = 50 * 1024 * 1024

/** The request's JSON object body (`{}` when empty); a body that is not a JSON object is a 400, a huge one a 413. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes)
      throw new ApiRequestError(413, 'API_BODY_TOO_LARGE', `The request body is larger than ${maxBodyBytes} bytes.`)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8').trim()
  if (text === '' || text === 'null') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ApiRequestError(400, 'API_BAD_REQUEST', `The request body is not JSON: ${(error as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiRequestError(400, 'API_BAD_REQUEST', 'The request body must be a JSON object.')
  return value as Record<string, unknown>
}

/** `body[name]` as a non-empty string; otherwise a 400 naming the field. */
export function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value === '')
    throw new ApiRequestError(400, 'API_BAD_REQUEST', `"${name}" must be a non-empty string, got ${describe(value)}.`)
  return value
}

/** `body[name]` as a JSON object, `undefined` when absent or null; otherwise a 400 naming the field. */
export function optionalObject(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ApiRequestError(400, 'API_BAD_REQUEST', `"${name}" must be a JSON object, got ${describe(value)}.`)
  return value as Record<string, unknown>
}

/** `body[name]` as a boolean, `false` when absent or null; otherwise a 400 naming the field. */
export function optionalBoolean(body: Record<string, unknown>, name: string): boolean {
  const value = body[name]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean')
    throw new ApiRequestError(400, 'API_BAD_REQUEST', `"${name}" must be true or false, got ${describe(value)}.`)
  return value
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? `${JSON.stringify(value.slice(0, 40))}` : `a ${typeof value}`
}
