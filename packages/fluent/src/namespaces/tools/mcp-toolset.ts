import { AdkFluentError, BaseTool, type Context, type InvocationContext } from '@adk-fluent/core'
import { jsonSchemaToSchema } from '@adk-fluent/core/internal'
import type { Toolset } from './toolset-tool.js'
import { onRunEnd } from '../shared/run-scope.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Where an MCP server runs: a command started over stdio, or a streamable HTTP endpoint. */
export type McpServerParams =
  | {
      readonly command: string
      readonly args?: readonly string[]
      readonly env?: Readonly<Record<string, string>>
      readonly cwd?: string
    }
  | { readonly url: string; readonly headers?: Readonly<Record<string, string>> }

/** An MCP server that failed to start or stopped during the run: the agent reports it as an error event. */
export class McpServerError extends AdkFluentError {
  readonly eventErrorCode = 'MCP_SERVER_FAILED'
  readonly server: string
  constructor(server: string, message: string) {
    super('TOOL_FAILED', message)
    this.server = server
  }
}

interface McpClient {
  connect(transport: unknown): Promise<void>
  listTools(): Promise<{ tools: { name: string; description?: string; inputSchema?: Record<string, unknown> }[] }>
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<McpCallResult>
  close(): Promise<void>
  onclose?: () => void
}

interface McpCallResult {
  content?: { type: string; text?: string }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

interface Connection {
  readonly client: McpClient
  readonly tools: readonly BaseTool[]
  /** Why the server stopped before the run ended; `undefined` while it runs. */
  lost: string | undefined
  closing: boolean
}

async function loadSdk(server: string) {
  try {
    const [client, stdio, http] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    ])
    return { Client: client.Client, Stdio: stdio.StdioClientTransport, Http: http.StreamableHTTPClientTransport }
  } catch (error) {
    throwConfigIssue(
      'package_missing',
      [`T.mcp('${server}')`],
      `the package @modelcontextprotocol/sdk is not installed (${(error as Error).message}).`,
      'Install it: npm install @modelcontextprotocol/sdk',
    )
  }
}

function resultText(result: McpCallResult): string {
  return (result.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : `[${part.type}]`)).join('\n')
}

/** One tool of an MCP server: its declaration is the server's schema; a call goes to the server. */
class McpTool extends BaseTool {
  readonly #connection: Connection
  readonly #server: string
  readonly #remoteName: string
  readonly #schema: Record<string, unknown> | undefined

  constructor(
    server: string,
    connection: Connection,
    name: string,
    remoteName: string,
    description: string,
    schema: Record<string, unknown> | undefined,
  ) {
    super({ name, description })
    this.#server = server
    this.#connection = connection
    this.#remoteName = remoteName
    this.#schema = schema
  }

  override getDeclaration() {
    const schema =
      this.#schema && Object.keys((this.#schema['properties'] as object | undefined) ?? {}).length > 0
        ? jsonSchemaToSchema(this.#schema)
        : undefined
    return { name: this.name, description: this.description, ...(schema ? { parameters: schema } : {}) }
  }

  override async runAsync({ args }: { args: Record<string, unknown> }): Promise<unknown> {
    if (this.#connection.lost) return { error: `MCP server "${this.#server}" is not running: ${this.#connection.lost}` }
    try {
      const result = await this.#connection.client.callTool({ name: this.#remoteName, arguments: args })
      if (result.isError)
        return { error: resultText(result) || `Tool ${this.#remoteName} failed on MCP server "${this.#server}".` }
      return result.structuredContent ?? { result: resultText(result) }
    } catch (error) {
      return { error: `MCP server "${this.#server}", tool ${this.#remoteName}: ${(error as Error).message}` }
    }
  }
}

/**
 * The tools of one MCP server. Per agent run, the first model call connects (starting the command, or opening the
 * HTTP session) and lists the server's tools once; the connection closes when the agent's run ends or is aborted.
 * @internal
 */
export class McpToolset implements Toolset {
  readonly name: string
  readonly #params: McpServerParams
  readonly #filter: readonly string[] | undefined
  readonly #prefix: string
  readonly #connections = new WeakMap<InvocationContext, Promise<Connection>>()

  constructor(name: string, params: McpServerParams, filter: readonly string[] | undefined, prefix: string) {
    this.name = name
    this.#params = params
    this.#filter = filter
    this.#prefix = prefix
  }

  async getTools(context: Context): Promise<readonly BaseTool[]> {
    const ctx = context.invocationContext
    let pending = this.#connections.get(ctx)
    if (!pending) {
      pending = this.#connect(ctx)
      this.#connections.set(ctx, pending)
    }
    const connection = await pending
    if (connection.lost)
      throw new McpServerError(this.name, `MCP server "${this.name}" stopped during the run: ${connection.lost}`)
    return connection.tools
  }

  async #connect(ctx: InvocationContext): Promise<Connection> {
    const sdk = await loadSdk(this.name)
    const client = new sdk.Client({ name: 'adk-fluent', version: '0.1.0' }) as unknown as McpClient
    const params = this.#params
    const transport =
      'command' in params
        ? new sdk.Stdio({
            command: params.command,
            args: [...(params.args ?? [])],
            stderr: 'pipe',
            ...(params.env ? { env: { ...params.env } } : {}),
            ...(params.cwd ? { cwd: params.cwd } : {}),
          })
        : new sdk.Http(
            new URL(params.url),
            params.headers ? { requestInit: { headers: { ...params.headers } } } : undefined,
          )
    const connection: Connection = { client, tools: [], lost: undefined, closing: false }
    onRunEnd(ctx, async () => {
      connection.closing = true
      await client.close()
    })
    client.onclose = () => {
      if (!connection.closing) connection.lost = 'the connection closed'
    }
    try {
      await client.connect(transport)
      const { tools } = await client.listTools()
      const kept = this.#filter ? tools.filter((tool) => this.#filter?.includes(tool.name)) : tools
      return Object.assign(connection, {
        tools: kept.map(
          (tool) =>
            new McpTool(
              this.name,
              connection,
              `${this.#prefix}${tool.name}`,
              tool.name,
              tool.description ?? tool.name,
              tool.inputSchema,
            ),
        ),
      })
    } catch (error) {
      connection.closing = true
      await client.close().catch(() => undefined)
      throw new McpServerError(this.name, `MCP server "${this.name}" could not start: ${(error as Error).message}`)
    }
  }
}
