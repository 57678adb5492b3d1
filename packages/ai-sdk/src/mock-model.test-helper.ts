import type {
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider'
import { convertArrayToReadableStream } from 'ai/test'

/** AI SDK usage with the given input and output token totals. */
export function usage(
  input: number,
  output: number,
  extra: { reasoning?: number; cacheRead?: number } = {},
): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: undefined, cacheRead: extra.cacheRead, cacheWrite: undefined },
    outputTokens: {
      total: output,
      text: extra.reasoning !== undefined ? output - extra.reasoning : undefined,
      reasoning: extra.reasoning,
    },
  }
}

/** A finish reason (`raw` = the unified reason). */
export function finish(unified: LanguageModelV3FinishReason['unified'] = 'stop'): LanguageModelV3FinishReason {
  return { unified, raw: unified }
}

/** A `doGenerate` result. */
export function generated(
  content: LanguageModelV3Content[],
  options: { finishReason?: LanguageModelV3FinishReason; usage?: LanguageModelV3Usage } = {},
): LanguageModelV3GenerateResult {
  return {
    content,
    finishReason:
      options.finishReason ?? finish(content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop'),
    usage: options.usage ?? usage(10, 5),
    response: { modelId: 'mock-model-2025' },
    warnings: [],
  }
}

/** A `doStream` result over the given parts. */
export function streamed(parts: LanguageModelV3StreamPart[]): LanguageModelV3StreamResult {
  return { stream: convertArrayToReadableStream(parts) }
}

/** Stream parts of one text answer split into the given deltas, with a finish part. */
export function textStream(
  deltas: string[],
  options: { usage?: LanguageModelV3Usage; finishReason?: LanguageModelV3FinishReason } = {},
): LanguageModelV3StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'resp-1', modelId: 'mock-model-2025' },
    { type: 'text-start', id: 't1' },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: options.finishReason ?? finish('stop'), usage: options.usage ?? usage(10, 5) },
  ]
}
