/**
 * Gemini's enumerations as string constants: the same names and values as `@google/genai`'s enums (`Type.OBJECT` is
 * `'OBJECT'`), so values of either fit the other's comparisons. Plain objects: loading them costs nothing, where
 * `@google/genai`'s enums would load its whole client.
 */

/** The data types of a {@link Schema}. */
export const Type = Object.freeze({
  TYPE_UNSPECIFIED: 'TYPE_UNSPECIFIED',
  STRING: 'STRING',
  NUMBER: 'NUMBER',
  INTEGER: 'INTEGER',
  BOOLEAN: 'BOOLEAN',
  ARRAY: 'ARRAY',
  OBJECT: 'OBJECT',
  NULL: 'NULL',
} as const)
export type Type = (typeof Type)[keyof typeof Type]

/**
 * Why the model stopped. The type also admits other strings: the API adds reasons over time, and a response
 * carries whatever the API sent.
 */
export const FinishReason = Object.freeze({
  FINISH_REASON_UNSPECIFIED: 'FINISH_REASON_UNSPECIFIED',
  STOP: 'STOP',
  MAX_TOKENS: 'MAX_TOKENS',
  SAFETY: 'SAFETY',
  RECITATION: 'RECITATION',
  LANGUAGE: 'LANGUAGE',
  OTHER: 'OTHER',
  BLOCKLIST: 'BLOCKLIST',
  PROHIBITED_CONTENT: 'PROHIBITED_CONTENT',
  SPII: 'SPII',
  MALFORMED_FUNCTION_CALL: 'MALFORMED_FUNCTION_CALL',
  IMAGE_SAFETY: 'IMAGE_SAFETY',
  UNEXPECTED_TOOL_CALL: 'UNEXPECTED_TOOL_CALL',
  TOO_MANY_TOOL_CALLS: 'TOO_MANY_TOOL_CALLS',
  IMAGE_PROHIBITED_CONTENT: 'IMAGE_PROHIBITED_CONTENT',
  NO_IMAGE: 'NO_IMAGE',
  IMAGE_RECITATION: 'IMAGE_RECITATION',
  IMAGE_OTHER: 'IMAGE_OTHER',
  CONTINUATION: 'CONTINUATION',
} as const)
// `string & {}` keeps the named values in completions while admitting reasons added later.
export type FinishReason = (typeof FinishReason)[keyof typeof FinishReason] | (string & {})

/** Why a prompt was blocked (`promptFeedback.blockReason`); other strings are admitted as for {@link FinishReason}. */
export const BlockedReason = Object.freeze({
  BLOCKED_REASON_UNSPECIFIED: 'BLOCKED_REASON_UNSPECIFIED',
  SAFETY: 'SAFETY',
  OTHER: 'OTHER',
  BLOCKLIST: 'BLOCKLIST',
  PROHIBITED_CONTENT: 'PROHIBITED_CONTENT',
  IMAGE_SAFETY: 'IMAGE_SAFETY',
  MODEL_ARMOR: 'MODEL_ARMOR',
  JAILBREAK: 'JAILBREAK',
} as const)
export type BlockedReason = (typeof BlockedReason)[keyof typeof BlockedReason] | (string & {})
