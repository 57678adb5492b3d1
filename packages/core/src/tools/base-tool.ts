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
    if (this.name in llmRequest.toolsDict) {
      throw new ConfigError(
        `Duplicate tool name: ${this.name}. Two tools of one agent cannot share a name; rename one of them.`,
      )
    }
    llmRequest.toolsDict[this.name] = this
    const declaration = this.getDeclaration()
    if (declaration) appendFunctionDeclarations(llmRequest, [declaration])
  }
}

/** True for any {@link BaseTool}, whichever module instance created it. */
export function isBaseTool(value: unknown): value is BaseTool {
  return hasBrand(value, toolBrand)
}
