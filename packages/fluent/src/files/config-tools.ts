import { exitLoop } from '@adk-fluent/core'
import type { AgentBuilder } from '../builders/agent-builder.js'
import type { ToolArgument, ToolsInput } from '../parse/parse-tools.js'
import { googleSearch, mcp, urlContext } from '../namespaces/tools/ecosystem-factories.js'
import { loadMemory, preloadMemory } from '../namespaces/tools/memory-factories.js'
import type { McpServerParams } from '../namespaces/tools/mcp-toolset.js'
import { lookupName, offered } from './config-references.js'
import { isYamlRecord, type FieldReader, type YamlRecord } from './field-reader.js'
import type { FieldPath } from './yaml-source.js'

/** What the `tools` map of `loadAgentConfig` holds: anything `.tool()` or `.tools()` accepts. */
export type ConfigTool = ToolArgument | ToolsInput

/** Adds one resolved tool to an agent builder. @internal */
export type ToolStep = (builder: AgentBuilder) => AgentBuilder

/** The environment variable with which ADK lets agent configs start stdio MCP servers (`1` or `true`). */
export const allowStdioMcpVariable = 'ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'

/** ADK's built-in tools our runtime has, by the name a config uses. */
const builtIns: Readonly<Record<string, () => ToolStep>> = {
  google_search: () => (builder) => builder.tools(googleSearch()),
  url_context: () => (builder) => builder.tools(urlContext()),
  exit_loop: () => (builder) => builder.tool(exitLoop),
  load_memory: () => (builder) => builder.tools(loadMemory()),
  preload_memory: () => (builder) => builder.tools(preloadMemory()),
}

const mcpNames = new Set(['MCPToolset', 'McpToolset'])
const mcpFields = [
  'stdio_server_params',
  'stdio_connection_params',
  'streamable_http_connection_params',
  'sse_connection_params',
  'tool_filter',
  'tool_name_prefix',
]

/** Options that decide how tool names resolve. @internal */
export interface ToolResolution {
  readonly tools?: Readonly<Record<string, ConfigTool>> | undefined
  readonly allowStdioMcp?: boolean | undefined
}

/** Whether stdio MCP servers may start: the option, else ADK's environment variable. @internal */
export function stdioMcpAllowed(option: boolean | undefined): boolean {
  if (option !== undefined) return option
  const value = process.env[allowStdioMcpVariable]?.toLowerCase()
  return value === '1' || value === 'true'
}

/** Adds a tool given in code: a function through `.tool()`, anything else through `.tools()`. @internal */
export function addTool(tool: ConfigTool): ToolStep {
  return (builder) =>
    typeof tool === 'function' ? builder.tool(tool as ToolArgument) : builder.tools(tool as ToolsInput)
}

/** ADK's built-in tool named `name` (`google_search`, or `google.adk.tools.google_search`), if our runtime has it. @internal */
export function builtInTool(name: string): ToolStep | undefined {
  const bare = name.startsWith('google.adk.tools.') ? (name.split('.').pop() ?? name) : name
  // Own names only: a file naming `constructor` or `toString` finds nothing.
  return Object.hasOwn(builtIns, bare) ? builtIns[bare]?.() : undefined
}

/**
 * One entry of a config's `tools` list (`- name: google_search`, or `- name: MCPToolset` with `args`): a name of the
 * `tools` map (exact, or its last dotted segment), else one of ADK's built-in tools our runtime has. @internal
 */
export function resolveConfigTool(
  reader: FieldReader,
  entry: unknown,
  path: FieldPath,
  resolution: ToolResolution,
): ToolStep | undefined {
  const record: YamlRecord | undefined =
    typeof entry === 'string' ? { name: entry } : isYamlRecord(entry) ? entry : undefined
  if (!record) return reader.fail(path, 'expected a tool (- name: google_search).')
  reader.onlyKnown(record, path, ['name', 'args'], 'a tool reference')
  const name = reader.string(record, path, 'name', true)
  if (name === undefined) return undefined
  const given = lookupName(resolution.tools, name)
  if (given !== undefined) {
    if (record['args'] !== undefined)
      return reader.fail(
        [...path, 'args'],
        `tool "${name}" comes from the tools map; a file cannot pass it arguments.`,
        'Create the tool with its arguments in code.',
      )
    return addTool(given)
  }
  if (mcpNames.has(name)) return mcpTool(reader, record['args'], [...path, 'args'], resolution)
  const builtIn = builtInTool(name)
  if (builtIn) {
    if (record['args'] !== undefined)
      return reader.fail([...path, 'args'], `the built-in tool "${name}" takes no arguments.`)
    return builtIn
  }
  return reader.fail(
    [...path, 'name'],
    `tool "${name}" is neither a built-in tool (${[...Object.keys(builtIns), 'MCPToolset'].join(', ')}) nor in the tools map (${offered(resolution.tools)}).`,
    `Pass it: loadAgentConfig(file, { tools: { ${JSON.stringify(name.split('.').pop())}: myTool } }).`,
  )
}

function stringList(reader: FieldReader, value: unknown, path: FieldPath): string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    return reader.fail(path, 'expected a list of text.')
  return value as string[]
}

function stringMap(reader: FieldReader, value: unknown, path: FieldPath): Record<string, string> | undefined {
  if (value === undefined) return undefined
  if (!isYamlRecord(value) || Object.values(value).some((item) => typeof item !== 'string'))
    return reader.fail(path, 'expected a mapping of names to text.')
  return value as Record<string, string>
}

function stdioParams(reader: FieldReader, value: unknown, path: FieldPath): McpServerParams | undefined {
  const record = reader.record(value, path, '{ command: npx, args: [-y, some-mcp-server] }')
  if (!record) return undefined
  reader.onlyKnown(record, path, ['command', 'args', 'env', 'cwd'], 'stdio server parameters')
  const command = reader.string(record, path, 'command', true)
  const args = stringList(reader, record['args'], [...path, 'args'])
  const env = stringMap(reader, record['env'], [...path, 'env'])
  const cwd = reader.string(record, path, 'cwd')
  if (command === undefined) return undefined
  return { command, ...(args ? { args } : {}), ...(env ? { env } : {}), ...(cwd ? { cwd } : {}) }
}

function httpParams(reader: FieldReader, value: unknown, path: FieldPath): McpServerParams | undefined {
  const record = reader.record(value, path, '{ url: https://example.com/mcp }')
  if (!record) return undefined
  reader.onlyKnown(
    record,
    path,
    ['url', 'headers'],
    'streamable HTTP connection parameters',
    ' here (T.mcp has no timeouts)',
  )
  const url = reader.string(record, path, 'url', true)
  const headers = stringMap(reader, record['headers'], [...path, 'headers'])
  return url === undefined ? undefined : { url, ...(headers ? { headers } : {}) }
}

/** ADK's `MCPToolset` tool with its `args`: one transport; a stdio server only when explicitly allowed. */
function mcpTool(
  reader: FieldReader,
  args: unknown,
  path: FieldPath,
  resolution: ToolResolution,
): ToolStep | undefined {
  const record = reader.record(args, path, '{ streamable_http_connection_params: { url: https://example.com/mcp } }')
  if (!record) return undefined
  reader.onlyKnown(record, path, mcpFields, 'MCPToolset arguments')
  const transports = mcpFields.slice(0, 4).filter((field) => record[field] !== undefined && record[field] !== null)
  if (transports.length !== 1)
    return reader.fail(
      path,
      `exactly one of ${mcpFields.slice(0, 3).join(', ')} must be set (got ${transports.length}).`,
    )
  const transport = transports[0] as string
  if (transport === 'sse_connection_params')
    return reader.fail(
      [...path, transport],
      'the legacy SSE transport is not supported.',
      'Use streamable_http_connection_params.',
    )
  if (transport !== 'streamable_http_connection_params' && !stdioMcpAllowed(resolution.allowStdioMcp)) {
    return reader.fail(
      [...path, transport],
      "stdio MCP servers are not allowed in agent configs: the config's command would start as a local process, so an untrusted file could run any program.",
      `Create the toolset in code (T.mcp), use streamable_http_connection_params, or, when you trust this file, pass { allowStdioMcp: true } or set ${allowStdioMcpVariable}=1.`,
    )
  }
  let params: McpServerParams | undefined
  if (transport === 'stdio_server_params') params = stdioParams(reader, record[transport], [...path, transport])
  else if (transport === 'streamable_http_connection_params')
    params = httpParams(reader, record[transport], [...path, transport])
  else {
    const connection = reader.record(record[transport], [...path, transport], '{ server_params: { command: npx } }')
    if (connection) {
      reader.onlyKnown(
        connection,
        [...path, transport],
        ['server_params'],
        'stdio connection parameters',
        ' here (T.mcp has no timeouts)',
      )
      params = stdioParams(reader, connection['server_params'], [...path, transport, 'server_params'])
    }
  }
  const filter = stringList(reader, record['tool_filter'], [...path, 'tool_filter'])
  const prefix = reader.string(record, path, 'tool_name_prefix')
  if (!params) return undefined
  const options = { ...(filter ? { tools: filter } : {}), ...(prefix ? { prefix: `${prefix}_` } : {}) }
  const composite = reader.attempt(path, () => mcp(params, options))
  return composite ? (builder) => builder.tools(composite) : undefined
}
