import type { GenerateContentConfig } from '../ir/agent-node.js'
import { isYamlRecord, type FieldReader } from './field-reader.js'
import type { FieldPath } from './yaml-source.js'

/** `@google/genai` generation settings a config may set (as written in the file, snake_case or camelCase). */
const settable = [
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'responseLogprobs',
  'logprobs',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
  'safetySettings',
  'toolConfig',
  'labels',
  'cachedContent',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'audioTimestamp',
  'thinkingConfig',
  'routingConfig',
  'modelSelectionConfig',
  'imageConfig',
  'serviceTier',
  'automaticFunctionCalling',
]

/** Settings the agent owns through its own fields (as ADK refuses them in `generate_content_config`). */
const ownedByAgent: Readonly<Record<string, string>> = {
  systemInstruction: 'Use the agent field instruction.',
  tools: 'Use the agent field tools.',
  responseSchema: 'Use the agent field output_schema.',
  responseJsonSchema: 'Use the agent field output_schema.',
}

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

/** Keys to camelCase at every depth, except inside `labels` (user-chosen names). */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys)
  if (!isYamlRecord(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [camel(key), camel(key) === 'labels' ? item : camelKeys(item)]),
  )
}

/**
 * A config's `generate_content_config` as `@google/genai`'s `GenerateContentConfig` (`max_output_tokens` →
 * `maxOutputTokens`, at every depth). Unknown settings and the ones the agent owns are problems. @internal
 */
export function readGenerateContentConfig(
  reader: FieldReader,
  value: unknown,
  path: FieldPath,
): GenerateContentConfig | undefined {
  const record = reader.record(value, path, '{ temperature: 0.2, max_output_tokens: 1024 }')
  if (!record) return undefined
  let valid = true
  for (const key of Object.keys(record)) {
    const name = camel(key)
    if (settable.includes(name)) continue
    valid = false
    const owner = ownedByAgent[name]
    if (owner) reader.fail([...path, key], `"${key}" cannot be set in generate_content_config.`, owner)
    else reader.fail([...path, key], `"${key}" is not a generation setting.`, `Settings: ${settable.join(', ')}.`)
  }
  return valid ? (camelKeys(record) as GenerateContentConfig) : undefined
}
