import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { LlmResponse, ScriptEntry } from '@adk-fluent/core'
import { CliUsageError } from './cli-usage-error.js'

type Replies = Record<string, ScriptEntry[]>

/** One reply of a `--replies` file: a string, `{ "text": … }`, `{ "call": name, "args": {…} }`, or an `LlmResponse`. */
function parseReply(value: unknown, where: string): ScriptEntry {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    if (typeof record['text'] === 'string') return record['text']
    if (typeof record['call'] === 'string') {
      const args = record['args'] ?? {}
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        throw new CliUsageError(`${where}: "args" must be an object.`)
      return {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: record['call'], args: args as Record<string, unknown> } }],
        },
      }
    }
    if ('content' in record || 'errorCode' in record) return record as LlmResponse
  }
  throw new CliUsageError(
    `${where} is not a reply: use a string, { "text": "…" }, { "call": "tool", "args": { … } } or an LlmResponse object.`,
  )
}

/** Reads a `--replies` file: `{ "agent": [reply, …] }`. */
export async function readReplies(file: string, cwd: string): Promise<Replies> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch {
    throw new CliUsageError(`--replies file not found: ${file}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CliUsageError(`--replies file ${file} is not valid JSON (${(error as Error).message}).`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliUsageError(
      `--replies file ${file} must hold an object of replies per agent, for example { "writer": ["A draft."] }.`,
    )
  }
  const replies: Replies = {}
  for (const [agent, list] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(list)) throw new CliUsageError(`--replies: the replies of "${agent}" must be a list.`)
    replies[agent] = list.map((item, index) => parseReply(item, `--replies: reply ${index + 1} of "${agent}"`))
  }
  return replies
}
