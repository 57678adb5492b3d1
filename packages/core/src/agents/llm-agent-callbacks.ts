import type { Content } from '../models/genai-types.js'
import type { Context } from './context.js'
import type { ReadonlyContext } from './readonly-context.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import type { BaseTool } from '../tools/base-tool.js'

type Awaitable<T> = T | Promise<T>

/** An instruction computed at run time; its result is used as is (no `{key}` injection). */
export type InstructionProvider = (context: ReadonlyContext) => Awaitable<string>

/** A string with `{key}` templates, or a provider. */
export type Instruction = string | InstructionProvider

export type SingleBeforeModelCallback = (params: {
  context: Context
  request: LlmRequest
}) => Awaitable<LlmResponse | undefined | void>
export type SingleAfterModelCallback = (params: {
  context: Context
  response: LlmResponse
}) => Awaitable<LlmResponse | undefined | void>
export type SingleBeforeToolCallback = (params: {
  tool: BaseTool
  args: Record<string, unknown>
  context: Context
}) => Awaitable<Record<string, unknown> | undefined | void>
export type SingleAfterToolCallback = (params: {
  tool: BaseTool
  args: Record<string, unknown>
  context: Context
  response: Record<string, unknown>
}) => Awaitable<Record<string, unknown> | undefined | void>

export type BeforeModelCallback = SingleBeforeModelCallback | readonly SingleBeforeModelCallback[]
export type AfterModelCallback = SingleAfterModelCallback | readonly SingleAfterModelCallback[]
export type BeforeToolCallback = SingleBeforeToolCallback | readonly SingleBeforeToolCallback[]
export type AfterToolCallback = SingleAfterToolCallback | readonly SingleAfterToolCallback[]

/** Content returned by agent callbacks. */
export type CallbackContent = Content
