import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { BaseTool } from '@adk-fluent/core'
import { jsonSchemaToSchema } from '@adk-fluent/core/internal'

/** Options of `T.openapi()`. */
export interface OpenApiOptions {
  /** The API's base URL (default: the document's first `servers` entry). */
  readonly baseUrl?: string
  /** Headers sent with every call (authentication, …). */
  readonly headers?: Readonly<Record<string, string>>
  /** Only these operations (by tool name). */
  readonly operations?: readonly string[]
}

type Json = Record<string, unknown>
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

interface OperationParameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header'
  readonly required: boolean
  readonly schema: Json
}

/** One operation of the document, ready to call. @internal */
export interface OpenApiOperation {
  readonly name: string
  readonly description: string
  readonly method: string
  readonly path: string
  readonly parameters: readonly OperationParameter[]
  readonly body: { readonly schema: Json; readonly required: boolean } | undefined
  readonly baseUrl: string
  readonly headers: Readonly<Record<string, string>>
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Inlines `#/components/...` references (a reference met again on its own path becomes `{}`). */
function resolve(document: Json, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(document, item, seen))
  if (!isObject(value)) return value
  const reference = value['$ref']
  if (typeof reference === 'string' && reference.startsWith('#/')) {
    if (seen.includes(reference)) return {}
    const target = reference
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        document,
      )
    return resolve(document, target ?? {}, [...seen, reference])
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(document, inner, seen)]))
}

function toolName(operation: Json, method: string, path: string): string {
  const id = typeof operation['operationId'] === 'string' ? operation['operationId'] : `${method}_${path}`
  return (
    id
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || method
  )
}

/** Validates an OpenAPI 3 document (object or JSON text) and lists its operations. @internal */
export function parseOpenApiDocument(input: unknown, options: OpenApiOptions): OpenApiOperation[] {
  let document: unknown = input
  if (typeof input === 'string') {
    try {
      document = JSON.parse(input)
    } catch {
      throwConfigIssue(
        'json_invalid',
        ['T.openapi()', 'document'],
        'the text is not JSON.',
        'Pass the OpenAPI 3 document as an object or as JSON text (parse YAML first).',
      )
    }
  }
  if (
    !isObject(document) ||
    typeof document['openapi'] !== 'string' ||
    !document['openapi'].startsWith('3.') ||
    !isObject(document['paths'])
  ) {
    throwConfigIssue(
      'openapi_invalid',
      ['T.openapi()', 'document'],
      `expected an OpenAPI 3 document with openapi: '3.x' and paths, got ${describeValue(document)}.`,
      'Pass the parsed document, for example T.openapi(JSON.parse(text)).',
    )
  }
  const servers = document['servers']
  const server =
    Array.isArray(servers) && isObject(servers[0]) && typeof servers[0]['url'] === 'string'
      ? servers[0]['url']
      : undefined
  const baseUrl = options.baseUrl ?? server
  if (baseUrl === undefined || !/^https?:\/\//.test(baseUrl)) {
    throwConfigIssue(
      'url_invalid',
      ['T.openapi()', 'baseUrl'],
      `no absolute base URL (got ${JSON.stringify(baseUrl)}).`,
      "Pass { baseUrl: 'http://127.0.0.1:8080' } or give the document a servers entry.",
    )
  }
  const operations: OpenApiOperation[] = []
  for (const [path, item] of Object.entries(document['paths'] as Json)) {
    if (!isObject(item)) continue
    const shared = Array.isArray(item['parameters']) ? item['parameters'] : []
    for (const method of methods) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const name = toolName(operation, method, path)
      if (options.operations && !options.operations.includes(name)) continue
      const parameters = [...shared, ...(Array.isArray(operation['parameters']) ? operation['parameters'] : [])]
        .map((parameter) => resolve(document as Json, parameter))
        .filter(
          (parameter): parameter is Json =>
            isObject(parameter) && ['path', 'query', 'header'].includes(String(parameter['in'])),
        )
        .map(
          (parameter): OperationParameter => ({
            name: String(parameter['name']),
            in: parameter['in'] as OperationParameter['in'],
            required: parameter['required'] === true || parameter['in'] === 'path',
            schema: {
              ...(isObject(parameter['schema']) ? parameter['schema'] : { type: 'string' }),
              ...(typeof parameter['description'] === 'string' ? { description: parameter['description'] } : {}),
            },
          }),
        )
      const requestBody = resolve(document as Json, operation['requestBody'])
      const content =
        isObject(requestBody) && isObject(requestBody['content'])
          ? requestBody['content']['application/json']
          : undefined
      const body =
        isObject(content) && isObject(content['schema'])
          ? { schema: content['schema'], required: (requestBody as Json)['required'] === true }
          : undefined
      const summary = [operation['summary'], operation['description']]
        .filter((text) => typeof text === 'string')
        .join(' ')
      operations.push({
        name,
        description: summary || `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        baseUrl,
        headers: options.headers ?? {},
      })
    }
  }
  if (operations.length === 0)
    throwConfigIssue(
      'openapi_invalid',
      ['T.openapi()', 'document'],
      'the document has no operations (after the operations filter).',
      'Check paths and the operations option.',
    )
  return operations
}

/** One operation as a tool: its parameters and JSON body are the declaration; a call is an HTTP request. @internal */
export class OpenApiTool extends BaseTool {
  readonly operation: OpenApiOperation

  constructor(operation: OpenApiOperation) {
    super({ name: operation.name, description: operation.description })
    this.operation = operation
  }

  override getDeclaration() {
    const { parameters, body } = this.operation
    const properties: Json = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema]))
    if (body) properties['body'] = body.schema
    const required = [
      ...parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      ...(body?.required ? ['body'] : []),
    ]
    const schema =
      Object.keys(properties).length === 0
        ? undefined
        : jsonSchemaToSchema({ type: 'object', properties, ...(required.length > 0 ? { required } : {}) })
    return { name: this.name, description: this.description, ...(schema ? { parameters: schema } : {}) }
  }

  override async runAsync({ args }: { args: Record<string, unknown> }): Promise<unknown> {
    const { operation } = this
    let path = operation.path
    const query = new URLSearchParams()
    const headers: Record<string, string> = { accept: 'application/json', ...operation.headers }
    for (const parameter of operation.parameters) {
      const value = args[parameter.name]
      if (value === undefined || value === null) {
        if (parameter.required) return { error: `Missing required parameter "${parameter.name}" of ${operation.name}.` }
        continue
      }
      const text = typeof value === 'string' ? value : JSON.stringify(value)
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(text))
      else if (parameter.in === 'query') query.set(parameter.name, text)
      else headers[parameter.name] = text
    }
    const init: RequestInit = { method: operation.method, headers }
    if (operation.body && args['body'] !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(args['body'])
    }
    const url = `${operation.baseUrl.replace(/\/$/, '')}${path}${query.size > 0 ? `?${query}` : ''}`
    try {
      const response = await fetch(url, init)
      const text = await response.text()
      let data: unknown = text
      try {
        data = text.length > 0 ? JSON.parse(text) : null
      } catch {
        // not JSON: keep the text
      }
      if (!response.ok)
        return {
          error: `HTTP ${response.status} from ${operation.method} ${operation.path}`,
          status: response.status,
          body: data,
        }
      return isObject(data) ? data : { result: data }
    } catch (error) {
      return { error: `${operation.method} ${url} failed: ${(error as Error).message}` }
    }
  }
}

/** The tools of an OpenAPI document, one per operation. @internal */
export class OpenApiToolset {
  readonly tools: readonly OpenApiTool[]
  constructor(operations: readonly OpenApiOperation[]) {
    this.tools = operations.map((operation) => new OpenApiTool(operation))
  }
}
