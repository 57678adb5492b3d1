import { previewLlmCalls, type FlowBuilder, type LlmCallPreview } from '@adk-fluent/fluent'
import { graphVisits } from '@adk-fluent/fluent/internal'
import { defineCommand } from '../command-definition.js'
import { fileOnly, parseState, text } from '../argument-values.js'
import type { CliIo } from '../cli-io.js'
import { loadTarget } from '../load-target.js'
import { print } from '../print.js'
import { readReplies } from '../replies-file.js'
import { checkScriptAgents } from '../choose-run-model.js'
import { CliUsageError } from '../cli-usage-error.js'
import { didYouMean } from '../did-you-mean.js'

/** The options of `adk-fluent anatomy`. */
interface AnatomyOptions {
  readonly state: Readonly<Record<string, unknown>> | undefined
  readonly message: string | undefined
  /** Path of a JSON file of per-agent replies. */
  readonly replies: string | undefined
  readonly at: string | undefined
  readonly json: boolean
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
 * Without options the symbolic anatomy; with `--state`, `--message`, `--replies`, `--at` or `--json` every model call
 * of a previewed run (`--json`: the recorded requests as JSON).
 */
async function showAnatomy(builder: FlowBuilder, command: AnatomyOptions, io: CliIo): Promise<string> {
  const resolved =
    command.state !== undefined ||
    command.message !== undefined ||
    command.replies !== undefined ||
    command.at !== undefined ||
    command.json
  if (!resolved) return builder.llmAnatomy()
  const agents = graphVisits(builder.node).flatMap((visit) => (visit.node.kind === 'agent' ? [visit.node.name] : []))
  if (command.at !== undefined && !agents.includes(command.at))
    throw new CliUsageError(
      `--at ${command.at}: the tree has no agent of that name (its agents: ${agents.join(', ')}).${didYouMean(command.at, agents)}`,
    )
  const replies = command.replies === undefined ? undefined : await readReplies(command.replies, io.cwd)
  checkScriptAgents(replies, agents, `--replies file ${command.replies}`)
  const options = {
    state: command.state ?? {},
    ...(command.message === undefined ? {} : { userMessage: command.message }),
    ...(replies === undefined ? {} : { replies }),
    ...(command.at === undefined ? {} : { at: command.at }),
  }
  if (!command.json) return builder.llmAnatomy(options)
  const { calls, total } = await previewLlmCalls(builder.node, options)
  return JSON.stringify({ total, calls: calls.map(callJson) }, null, 2)
}

/** `adk-fluent anatomy`: what each model receives (symbolic, or every call of a previewed run). */
export const anatomyCommand = defineCommand({
  name: 'anatomy',
  options: { export: false, state: false, message: false, replies: false, at: false, json: true },
  help: `  anatomy <file> [--state '{json}'] [--message text] [--replies file.json] [--at agent] [--json]
                                           what each model receives: without options symbolically; with them,
                                           every model call of a previewed run (a stand-in model, no network),
                                           --at one agent's calls, --json the recorded requests`,
  parse: (args) => ({
    name: 'anatomy' as const,
    ...fileOnly('anatomy', args),
    state: parseState(args.options.get('state')),
    message: text(args.options.get('message')),
    replies: text(args.options.get('replies')),
    at: text(args.options.get('at')),
    json: args.options.get('json') === true,
  }),
  async execute(command, io) {
    const { builder } = await loadTarget(command.file, command.exportName, io)
    print(io, await showAnatomy(builder, command, io))
    return 0
  },
})
