import type { Content, FunctionDeclaration, GenerateContentConfig, Tool } from './genai-types.js'
import type { BaseTool } from '../tools/base-tool.js'
import { nullRecord } from '../util/null-record.js'

/**
 * The request given to a model. `config.systemInstruction` is always the assembled system instruction as one
 * string; `config.tools` holds the function declarations (one `Tool` entry); `toolsDict` maps names to tools.
 */
export interface LlmRequest {
  model?: string
  contents: Content[]
  config: LlmRequestConfig
  toolsDict: Record<string, BaseTool>
}

/** `GenerateContentConfig` with the system instruction pinned to a string. */
export type LlmRequestConfig = Omit<GenerateContentConfig, 'systemInstruction'> & { systemInstruction?: string }

/** A fresh, empty request. */
export function createLlmRequest(model?: string): LlmRequest {
  // toolsDict inherits nothing: a model calling `constructor` or `toString` finds no tool.
  const request: LlmRequest = { contents: [], config: {}, toolsDict: nullRecord() }
  if (model !== undefined) request.model = model
  return request
}

/**
 * Appends instructions to the system instruction: the list is joined with a blank line and appended after a blank
 * line when something is already there (ADK `appendInstructions`).
 */
export function appendInstructions(request: LlmRequest, instructions: readonly string[]): void {
  const text = instructions.filter((item) => item.length > 0).join('\n\n')
  if (text.length === 0) return
  const existing = request.config.systemInstruction
  request.config.systemInstruction = existing ? `${existing}\n\n${text}` : text
}

/** Adds function declarations: all of them go into the first `Tool` entry that has `functionDeclarations`. */
export function appendFunctionDeclarations(request: LlmRequest, declarations: readonly FunctionDeclaration[]): void {
  if (declarations.length === 0) return
  const tools: Tool[] = (request.config.tools as Tool[] | undefined) ?? []
  request.config.tools = tools
  const target = tools.find((tool) => tool.functionDeclarations !== undefined)
  if (target) target.functionDeclarations = [...(target.functionDeclarations ?? []), ...declarations]
  else tools.push({ functionDeclarations: [...declarations] })
}

/** The function declarations of a request, in order. */
export function getFunctionDeclarations(request: LlmRequest): FunctionDeclaration[] {
  const tools = (request.config.tools as Tool[] | undefined) ?? []
  return tools.flatMap((tool) => tool.functionDeclarations ?? [])
}
