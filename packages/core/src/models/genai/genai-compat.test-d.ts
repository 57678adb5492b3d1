// Type-level proof (checked by `pnpm typecheck`) that core's Gemini types and `@google/genai`'s fit each other:
// values typed with @google/genai are accepted where core takes its own types, and what core builds has the shapes
// the client takes. Core types the enum fields it passes through as strings (the values go to the API unchanged);
// `Schema.type`, `FinishReason` and `BlockedReason` carry Gemini's exact values, checked below.
import type * as genai from '@google/genai'
import { FinishReason as GenaiFinishReason, Type as GenaiType } from '@google/genai'
import { expectTypeOf, it } from 'vitest'
import type * as ours from '../genai-types.js'
import { BlockedReason, FinishReason, Type } from '../genai-types.js'
import type { LlmRequest, LlmRequestConfig } from '../llm-request.js'
import type { LlmResponse } from '../llm-response.js'
import type { GeminiOptions } from '../gemini.js'

/** Compiles only when `value` is assignable to `T`. */
const accepts = <T>(value: T): T => value

/** `T` with every enum (and string) field typed `string`: the wire shape, as core types what it passes through. */
type Wire<T> = T extends string
  ? string
  : T extends (...args: infer A) => Promise<infer R>
    ? R extends Response
      ? T
      : (...args: A) => Promise<Wire<R>>
    : T extends AbortSignal
      ? T
      : T extends readonly (infer E)[]
        ? Wire<E>[]
        : T extends object
          ? { [K in keyof T]: Wire<T[K]> }
          : T

declare const g: {
  content: genai.Content
  part: genai.Part
  functionCall: genai.FunctionCall
  functionResponse: genai.FunctionResponse
  declaration: genai.FunctionDeclaration
  schema: genai.Schema
  tool: genai.Tool
  callableTool: genai.CallableTool
  toolConfig: genai.ToolConfig
  thinking: genai.ThinkingConfig
  config: genai.GenerateContentConfig
  http: genai.HttpOptions
  usage: genai.GenerateContentResponseUsageMetadata
  grounding: genai.GroundingMetadata
  citations: genai.CitationMetadata
  candidate: genai.Candidate
  response: genai.GenerateContentResponse
  finishReason: genai.FinishReason
  blockedReason: genai.BlockedReason
  type: genai.Type
}

it('accepts @google/genai values where core takes its own types', () => {
  accepts<ours.Content>(g.content)
  accepts<ours.Content[]>([g.content])
  accepts<ours.Part>(g.part)
  accepts<ours.FunctionCall>(g.functionCall)
  accepts<ours.FunctionResponse>(g.functionResponse)
  accepts<ours.FunctionDeclaration>(g.declaration)
  accepts<ours.Schema>(g.schema)
  accepts<ours.Tool>(g.tool)
  accepts<ours.ToolUnion>(g.callableTool)
  accepts<ours.ToolConfig>(g.toolConfig)
  accepts<ours.ThinkingConfig>(g.thinking)
  accepts<ours.GenerateContentConfig>(g.config)
  accepts<ours.HttpOptions>(g.http)
  accepts<GeminiOptions>({ model: 'gemini-2.5-flash', httpOptions: g.http })
  accepts<ours.GenerateContentResponseUsageMetadata>(g.usage)
  accepts<ours.GroundingMetadata>(g.grounding)
  accepts<ours.CitationMetadata>(g.citations)
  accepts<ours.Candidate>(g.candidate)
  accepts<ours.GenerateContentResponseFields>(g.response)
  accepts<FinishReason>(g.finishReason)
  accepts<BlockedReason>(g.blockedReason)
  accepts<Type>(g.type)
  accepts<LlmResponse>({ content: g.content, usageMetadata: g.usage, finishReason: g.finishReason })
  accepts<LlmRequestConfig>({ ...g.config, systemInstruction: 'Be brief.' })
})

declare const request: LlmRequest
declare const o: {
  content: ours.Content
  part: ours.Part
  declaration: ours.FunctionDeclaration
  schema: ours.Schema
  tool: ours.Tool
  config: ours.GenerateContentConfig
  http: ours.HttpOptions
}
declare const response: LlmResponse

it('builds requests of the shapes the @google/genai client takes (enum fields as strings)', () => {
  accepts<Wire<genai.Content>[]>(request.contents)
  accepts<Wire<genai.GenerateContentConfig>>(request.config)
  accepts<Wire<genai.Content>>(o.content)
  accepts<Wire<genai.Part>>(o.part)
  accepts<Wire<genai.FunctionDeclaration>>(o.declaration)
  accepts<Wire<genai.Schema>>(o.schema)
  accepts<Wire<genai.Tool>>(o.tool)
  accepts<Wire<genai.GenerateContentConfig>>(o.config)
  accepts<Wire<genai.HttpOptions>>(o.http)
})

it('names the enum values exactly as @google/genai does', () => {
  expectTypeOf<Type>().toEqualTypeOf<`${genai.Type}`>()
  expectTypeOf<ours.Schema['type']>().toEqualTypeOf<`${genai.Type}` | undefined>()
  expectTypeOf<(typeof Type)[keyof typeof Type]>().toEqualTypeOf<`${genai.Type}`>()
  expectTypeOf<(typeof FinishReason)[keyof typeof FinishReason]>().toEqualTypeOf<`${genai.FinishReason}`>()
  expectTypeOf<(typeof BlockedReason)[keyof typeof BlockedReason]>().toEqualTypeOf<`${genai.BlockedReason}`>()
  // User code comparing core's responses with @google/genai's enum compiles.
  if (response.finishReason === GenaiFinishReason.STOP) accepts<FinishReason>(response.finishReason)
  accepts<ours.Schema>({ type: GenaiType.OBJECT, properties: { city: { type: GenaiType.STRING } } })
})
