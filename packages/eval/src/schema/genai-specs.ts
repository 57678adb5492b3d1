import type { FieldSpec, ObjectSpec } from './model.js'

/** Google GenAI's `Content` and `Part` (both casings accepted, as the Python SDK does). */
const object = (model: string, fields: readonly FieldSpec[]): ObjectSpec => ({ model, fields })

export const functionCallSpec = object('FunctionCall', [
  { name: 'id', type: 'string' },
  { name: 'args', type: 'dict' },
  { name: 'name', type: 'string' },
])

export const functionResponseSpec = object('FunctionResponse', [
  { name: 'will_continue', type: 'boolean' },
  { name: 'scheduling', type: 'string' },
  { name: 'id', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'response', type: 'dict' },
])

const blobSpec = object('Blob', [
  { name: 'display_name', type: 'string' },
  { name: 'data', type: 'string' },
  { name: 'mime_type', type: 'string' },
])

const fileDataSpec = object('FileData', [
  { name: 'display_name', type: 'string' },
  { name: 'file_uri', type: 'string' },
  { name: 'mime_type', type: 'string' },
])

const videoMetadataSpec = object('VideoMetadata', [
  { name: 'fps', type: 'number' },
  { name: 'end_offset', type: 'string' },
  { name: 'start_offset', type: 'string' },
])

export const partSpec = object('Part', [
  { name: 'video_metadata', type: videoMetadataSpec },
  { name: 'thought', type: 'boolean' },
  { name: 'inline_data', type: blobSpec },
  { name: 'file_data', type: fileDataSpec },
  { name: 'thought_signature', type: 'string' },
  {
    name: 'code_execution_result',
    type: object('CodeExecutionResult', [
      { name: 'outcome', type: 'string' },
      { name: 'output', type: 'string' },
    ]),
  },
  {
    name: 'executable_code',
    type: object('ExecutableCode', [
      { name: 'code', type: 'string' },
      { name: 'language', type: 'string' },
    ]),
  },
  { name: 'function_call', type: functionCallSpec },
  { name: 'function_response', type: functionResponseSpec },
  { name: 'text', type: 'string' },
])

export const contentSpec = object('Content', [
  { name: 'parts', type: { array: partSpec } },
  { name: 'role', type: 'string' },
])
