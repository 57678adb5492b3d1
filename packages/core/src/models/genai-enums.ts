import type { FinishReason, Type } from '@google/genai'

/**
 * The `@google/genai` enum values core needs, as string literals: referencing the client's runtime enums would load
 * the whole client (about 90 ms) on `import '@adk-fluent/core'` even when no Gemini model is used.
 */
export const SchemaType = Object.freeze({
  STRING: 'STRING' as Type.STRING,
  NUMBER: 'NUMBER' as Type.NUMBER,
  INTEGER: 'INTEGER' as Type.INTEGER,
  BOOLEAN: 'BOOLEAN' as Type.BOOLEAN,
  ARRAY: 'ARRAY' as Type.ARRAY,
  OBJECT: 'OBJECT' as Type.OBJECT,
  NULL: 'NULL' as Type.NULL,
})

/** Finish reasons core compares with (see {@link SchemaType} for why these are literals). */
export const FinishReasonValue = Object.freeze({
  STOP: 'STOP' as FinishReason.STOP,
  MAX_TOKENS: 'MAX_TOKENS' as FinishReason.MAX_TOKENS,
  SAFETY: 'SAFETY' as FinishReason.SAFETY,
  MALFORMED_FUNCTION_CALL: 'MALFORMED_FUNCTION_CALL' as FinishReason.MALFORMED_FUNCTION_CALL,
})
