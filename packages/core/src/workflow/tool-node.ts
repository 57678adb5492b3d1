import type { Content } from '../models/genai-types.js'
import { getFunctionResponses } from '../events/event.js'
import type { BaseTool } from '../tools/base-tool.js'
import { executeToolCall } from '../flows/functions.js'
import { ConfigError } from '../errors/config-error.js'
import { BaseNode, isContent, type BaseNodeConfig } from './base-node.js'
import type { NodeContext } from './node-context.js'

/** Options of a {@link ToolNode}; `name` defaults to the tool's. */
export interface ToolNodeConfig extends Partial<Omit<BaseNodeConfig, 'name'>> {
  name?: string
}

/**
 * A node that calls a tool with its input as arguments (ADK 2.0 `ToolNode`). The input becomes the arguments: an
 * object as is, a JSON string parsed, `Content` by its text, `null`/empty as `{}`. The call goes through the same path
 * as a model's call (plugins, durable hooks, tracing), so the tool's state writes ride on the response event, whose
 * `functionResponse` is the node's output.
 */
export class ToolNode extends BaseNode {
  readonly tool: BaseTool

  constructor(tool: BaseTool, config: ToolNodeConfig = {}) {
    super({ ...config, name: config.name ?? tool.name })
    if (tool.isLongRunning) {
      throw new ConfigError([
        {
          code: 'tool_unsupported',
          path: ['ToolNode', tool.name],
          message: `ToolNode does not support long-running tools yet (tool '${tool.name}').`,
          hint: 'Call the tool from an LlmAgent node instead.',
        },
      ])
    }
    this.tool = tool
  }

  /** Its tool call is a checkpointed step of a durable run already. */
  override get checkpointAsStep(): boolean {
    return false
  }

  protected async *runImpl(ctx: NodeContext, input: unknown): AsyncGenerator<unknown, void, undefined> {
    const args = this.validateInput(toolArgs(input)) as Record<string, unknown>
    const call = { id: `${ctx.nodePath}:${ctx.runId}`, name: this.tool.name, args }
    const event = await executeToolCall(this.name, ctx.invocationContext, call, this.tool)
    if (!event) return
    const response = getFunctionResponses(event)[0]
    if (response) event.output = response.response
    yield event
  }
}

function toolArgs(input: unknown): Record<string, unknown> {
  let args = input
  if (isContent(args)) args = textOf(args)
  if (typeof args === 'string') {
    const trimmed = args.trim()
    if (!trimmed) args = null
    else {
      try {
        args = JSON.parse(trimmed)
      } catch {
        // Plain text stays text (and fails below).
      }
    }
  }
  if (args === null || args === undefined) return {}
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new TypeError(
      `The input to ToolNode must be an object of tool arguments or null, but got ${Array.isArray(args) ? 'array' : typeof args}.`,
    )
  }
  return args as Record<string, unknown>
}

function textOf(content: Content): string {
  return (content.parts ?? []).map((part) => part.text ?? '').join('')
}
