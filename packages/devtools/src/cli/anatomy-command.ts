import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { LlmResponse, ScriptEntry } from '@adk-fluent/core'
import { previewLlmCalls, type FlowBuilder, type LlmCallPreview } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { CliUsageError } from './cli-usage-error.js'

/** The options of `adk-fluent anatomy`. */
export interface AnatomyCommand {
  readonly file: string
  readonly exportName: string | undefined
  readonly state: Readonly<Record<string, unknown>> | undefined
  readonly message: string | undefined
  /** Path of a JSON file of per-agent replies. */
  readonly replies: string | undefined
  readonly at: string | undefined
  readonly json: boolean
}

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

/** A recorded call as plain JSON: the request (tool instances as their names), the reply and where it ran. */
function callJson(call: LlmCallPreview): Record<string, unknown> {
  const { request } = call
  return {
    index: call.index,
    agent: call.agent,
    callNumber: call.callNumber,
    branch: call.branch ?? null,
    round: call.round ?? null,
    state: call.state,
    request: {
      model: request.model ?? null,
      contents: request.contents,
      config: request.config,
      tools: Object.keys(request.toolsDict),
    },
    reply: call.reply,
    replySource: call.replySource,
  }
}

/**
 * `adk-fluent anatomy`: without options the symbolic anatomy; with `--state`, `--message`, `--replies`, `--at` or
 * `--json` every model call of a previewed run (`--json`: the recorded requests as JSON).
 */
export async function anatomyCommand(builder: FlowBuilder, command: AnatomyCommand, io: CliIo): Promise<string> {
  const resolved =
    command.state !== undefined ||
    command.message !== undefined ||
    command.replies !== undefined ||
    command.at !== undefined ||
    command.json
  if (!resolved) return builder.llmAnatomy()
  const options = {
    state: command.state ?? {},
    ...(command.message === undefined ? {} : { userMessage: command.message }),
    ...(command.replies === undefined ? {} : { replies: await readReplies(command.replies, io.cwd) }),
    ...(command.at === undefined ? {} : { at: command.at }),
  }
  if (!command.json) return builder.llmAnatomy(options)
  const { calls, total } = await previewLlmCalls(builder.node, options)
  return JSON.stringify({ total, calls: calls.map(callJson) }, null, 2)
}
