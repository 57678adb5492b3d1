import type { IncomingMessage } from 'node:http'
import { readJsonBody } from '../http/body.js'

/** The largest request body accepted (ADK's server takes 50 MB of JSON: inline files of a message fit). */
export const maxBodyBytes = 50 * 1024 * 1024

/** A request body of the ADK API as a JSON object (see `readJsonBody`). */
export function readApiBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  return readJsonBody(request, { maxBytes: maxBodyBytes })
}
