import { BaseTool, type Context, type LlmRequest } from '@adk-fluent/core'

/** A source of tools resolved per run (an MCP server, an OpenAPI document, your own registry). */
export interface Toolset {
  /** The toolset's name, for descriptions and errors. */
  readonly name: string
  /** The tools for this agent run (called before each model call; cache per run inside). */
  getTools(context: Context): Promise<readonly BaseTool[]>
}

/**
 * Puts a {@link Toolset} in an agent's tool list: before each model call its tools are added to the request
 * (declarations and `toolsDict` entries). It is never called itself. `holdsConnections` marks toolsets whose
 * connections must close when the agent's run ends.
 * @internal
 */
export class ToolsetTool extends BaseTool {
  readonly toolset: Toolset
  readonly holdsConnections: boolean

  constructor(toolset: Toolset, holdsConnections = false) {
    super({ name: `toolset:${toolset.name}`, description: `Tools of ${toolset.name}` })
    this.toolset = toolset
    this.holdsConnections = holdsConnections
  }

  override async runAsync(): Promise<unknown> {
    return { error: `${this.name} is a toolset; call one of its tools.` }
  }

  override async processLlmRequest(request: { toolContext: Context; llmRequest: LlmRequest }): Promise<void> {
    for (const tool of await this.toolset.getTools(request.toolContext)) await tool.processLlmRequest(request)
  }
}
