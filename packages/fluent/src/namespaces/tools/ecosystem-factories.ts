import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createToolEntry, type ToolComposite } from './tool-composite.js'
import { createToolComposite } from './compose-tools.js'
import { GeminiBuiltInTool } from './built-in-tool.js'
import { ToolsetTool, type Toolset } from './toolset-tool.js'
import { McpToolset, type McpServerParams } from './mcp-toolset.js'
import { OpenApiToolset, parseOpenApiDocument, type OpenApiOptions } from './openapi-toolset.js'

/**
 * Gemini's built-in Google Search: the `{ googleSearch: {} }` entry of the request's `tools` (the model searches and
 * grounds its answer itself). A model that is not Gemini 2+ is a `ConfigError` naming the agent.
 * @example Agent('researcher').model('gemini-2.5-flash').tools(T.googleSearch().add(T.fn(myFunc)).add(T.agent(specialist)))
 */
export function googleSearch(): ToolComposite {
  return createToolComposite([
    createToolEntry('google_search', 'T.googleSearch()', () => new GeminiBuiltInTool('googleSearch')),
  ])
}

/**
 * Gemini's built-in code execution: the `{ codeExecution: {} }` entry of the request's `tools` (the model writes and
 * runs Python itself). A model that is not Gemini 2+ is a `ConfigError` naming the agent.
 * @example Agent('analyst').model('gemini-2.5-flash').tools(T.codeExecution())
 */
export function codeExecution(): ToolComposite {
  return createToolComposite([
    createToolEntry('code_execution', 'T.codeExecution()', () => new GeminiBuiltInTool('codeExecution')),
  ])
}

/**
 * Gemini's built-in URL context: the `{ urlContext: {} }` entry of the request's `tools` (the model reads URLs named
 * in the conversation). A model that is not Gemini 2+ is a `ConfigError` naming the agent.
 * @example Agent('reader').model('gemini-2.5-flash').tools(T.urlContext())
 */
export function urlContext(): ToolComposite {
  return createToolComposite([
    createToolEntry('url_context', 'T.urlContext()', () => new GeminiBuiltInTool('urlContext')),
  ])
}

/**
 * Any {@link Toolset}: an object with a `name` and `getTools(context)` returning core tools; called before each model
 * call, so the tools may change per run.
 * @example T.toolset({ name: 'registry', getTools: async () => registry.current() })
 */
export function toolset(source: Toolset): ToolComposite {
  if (
    typeof source !== 'object' ||
    source === null ||
    typeof source.name !== 'string' ||
    typeof source.getTools !== 'function'
  ) {
    throwConfigIssue(
      'tool_invalid',
      ['T.toolset()'],
      `expected { name, getTools(context) }, got ${describeValue(source)}.`,
      "For example T.toolset({ name: 'mine', getTools: async () => [tool] }).",
    )
  }
  return createToolComposite([
    createToolEntry(`toolset:${source.name}`, `T.toolset(${source.name})`, () => new ToolsetTool(source)),
  ])
}

/** Options of `T.mcp()`. */
export interface McpOptions {
  /** The server's name in descriptions, events and errors (default: the command or the URL's host). */
  readonly name?: string
  /** Only these tools of the server. */
  readonly tools?: readonly string[]
  /** Prepended to every tool name (`fs_` → `fs_read_file`). */
  readonly prefix?: string
}

function serverName(params: McpServerParams): string {
  if ('command' in params) return params.command.split(/[\\/]/).pop() ?? params.command
  return new URL(params.url).host
}

/**
 * The tools of a Model Context Protocol server (official `@modelcontextprotocol/sdk`, installed separately): a
 * command over stdio (`{ command, args, env, cwd }`) or a streamable HTTP endpoint (`{ url, headers }`). Per agent
 * run the tool list is fetched once and its JSON schemas become the declarations; a tool error reaches the model as
 * `{ error }`; a server that cannot start or stops is an error event naming it; connections close when the run ends
 * or is aborted.
 * @example T.mcp({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] }, { name: 'fs', tools: ['read_file'] })
 */
export function mcp(params: McpServerParams, options: McpOptions = {}): ToolComposite {
  const stdio = typeof params === 'object' && params !== null && 'command' in params
  const http = typeof params === 'object' && params !== null && 'url' in params
  if (!stdio && !http) {
    throwConfigIssue(
      'options_invalid',
      ['T.mcp()'],
      `expected { command, args? } or { url }, got ${describeValue(params)}.`,
      "For example T.mcp({ command: 'node', args: ['server.js'] }) or T.mcp({ url: 'http://127.0.0.1:3000/mcp' }).",
    )
  }
  if (stdio && (typeof params.command !== 'string' || params.command.length === 0))
    throwConfigIssue(
      'text_invalid',
      ['T.mcp()', 'command'],
      'expected a non-empty command.',
      "For example { command: 'node', args: ['server.js'] }.",
    )
  if (
    stdio &&
    params.args !== undefined &&
    (!Array.isArray(params.args) || params.args.some((arg) => typeof arg !== 'string'))
  ) {
    throwConfigIssue(
      'list_invalid',
      ['T.mcp()', 'args'],
      `expected a list of strings, got ${describeValue(params.args)}.`,
      "For example { args: ['server.js'] }.",
    )
  }
  if (http) {
    try {
      new URL((params as { url: string }).url)
    } catch {
      throwConfigIssue(
        'url_invalid',
        ['T.mcp()', 'url'],
        `expected an absolute URL, got ${JSON.stringify((params as { url: unknown }).url)}.`,
        "For example { url: 'http://127.0.0.1:3000/mcp' }.",
      )
    }
  }
  if (
    options.tools !== undefined &&
    (!Array.isArray(options.tools) || options.tools.some((tool) => typeof tool !== 'string'))
  ) {
    throwConfigIssue(
      'list_invalid',
      ['T.mcp()', 'tools'],
      `expected a list of tool names, got ${describeValue(options.tools)}.`,
      "For example { tools: ['read_file'] }.",
    )
  }
  const name = options.name ?? serverName(params)
  const set = new McpToolset(name, params, options.tools, options.prefix ?? '')
  return createToolComposite([createToolEntry(`mcp:${name}`, `T.mcp(${name})`, () => new ToolsetTool(set, true))])
}

/**
 * One tool per operation of an OpenAPI 3 document (an object or JSON text): named by its `operationId` (else
 * `method_path`), declared with its path, query and header parameters and its JSON body, calling the API over HTTP
 * (`baseUrl` overrides the document's first server). A non-2xx answer reaches the model as `{ error, status, body }`.
 * @example T.openapi(petstore, { baseUrl: 'http://127.0.0.1:8080', headers: { authorization: `Bearer ${token}` } })
 */
export function openapi(document: unknown, options: OpenApiOptions = {}): ToolComposite {
  const set = new OpenApiToolset(parseOpenApiDocument(document, options))
  return createToolComposite(set.tools.map((tool) => createToolEntry(tool.name, `T.openapi(${tool.name})`, () => tool)))
}
