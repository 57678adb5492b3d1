import type { FunctionDeclaration } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { appendFunctionDeclarations } from '../models/llm-request.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import { ConfigError } from '../errors/config-error.js'

const toolBrand = brandSymbol('base-tool')

export interface BaseToolParams {
  name: string
  description: string
  isLongRunning?: boolean
}

/** A tool the model can call. */
export abstract class BaseTool {
  readonly name: string
  readonly description: string
  readonly isLongRunning: boolean

  constructor(params: BaseToolParams) {
    Object.defineProperty(this, toolBrand, { value: true })
    this.name = params.name
    this.description = params.description
    this.isLongRunning = params.isLongRunning ?? false
  }

  /** The declaration sent to the model; `undefined` for tools the model provides itself. */
  getDeclaration(): FunctionDeclaration | undefined {
    return undefined
  }

  /** Runs the tool. The result is normalised to an object for the function response. */
  abstract runAsync(request: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown>

  /** Adds this tool to a request: its declaration and its `toolsDict` entry. */
  async processLlmRequest({ llmRequest }: { toolContext: Context; llmRequest: LlmRequest }): Promise<void> {
    declareTool(this, llmRequest)
  }
}

/**
 * What {@link BaseTool.processLlmRequest} does, without a promise: adds the tool to `toolsDict` (a second tool of the
 * same name is a {@link ConfigError}) and its declaration, if any, to the request.
 * @internal
 */
export function declareTool(tool: BaseTool, llmRequest: LlmRequest): void {
  if (Object.hasOwn(llmRequest.toolsDict, tool.name)) {
    throw new ConfigError([
      {
        code: 'tool_name_duplicate',
        path: [tool.name],
        message: `Duplicate tool name: ${tool.name}.`,
        hint: 'Two tools of one agent cannot share a name; rename one of them.',
      },
    ])
  }
  llmRequest.toolsDict[tool.name] = tool
  const declaration = tool.getDeclaration()
  if (declaration) appendFunctionDeclarations(llmRequest, [declaration])
}

/** True when `tool` adds itself to a request as every tool does by default ({@link declareTool}, no override). @internal */
export function declaresByDefault(tool: BaseTool): boolean {
  return tool.processLlmRequest === BaseTool.prototype.processLlmRequest
}

/** True for any {@link BaseTool}, whichever module instance created it. */
export function isBaseTool(value: unknown): value is BaseTool {
  return hasBrand(value, toolBrand)
}
