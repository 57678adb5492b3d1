import type {
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from '@adk-fluent/core'
import type { z } from 'zod'
import type { AgentBuilder } from '../builders/agent-builder.js'
import type { GenerateContentConfig } from '../ir/agent-node.js'
import { currentTurn } from '../namespaces/context/index.js'
import type { ToolStep } from './config-tools.js'
import type { FieldReader, YamlRecord } from './field-reader.js'
import type { FieldPath } from './yaml-source.js'

/** How names in an `LlmAgent` config resolve (the loader's maps). @internal */
export interface LlmFieldResolvers {
  callbacks(key: string): readonly unknown[]
  tool(entry: unknown, path: FieldPath): ToolStep | undefined
  schema(entry: unknown, path: FieldPath): z.ZodType | undefined
  generateContentConfig(entry: unknown, path: FieldPath): GenerateContentConfig | undefined
}

/** The `LlmAgent` fields of a config, ready to apply to `Agent(name)`. @internal */
export interface LlmFieldSteps {
  apply(agent: AgentBuilder): AgentBuilder
}

const modelCallbacks = ['before_model', 'after_model', 'before_tool', 'after_tool'] as const

function addCallback(agent: AgentBuilder, key: (typeof modelCallbacks)[number], callback: unknown): AgentBuilder {
  switch (key) {
    case 'before_model':
      return agent.beforeModel(callback as SingleBeforeModelCallback)
    case 'after_model':
      return agent.afterModel(callback as SingleAfterModelCallback)
    case 'before_tool':
      return agent.beforeTool(callback as SingleBeforeToolCallback)
    case 'after_tool':
      return agent.afterTool(callback as SingleAfterToolCallback)
  }
}

/** The fields of ADK's `LlmAgentConfig` our runtime has (besides the base fields). */
const llmFields = [
  'model',
  'instruction',
  'static_instruction',
  'disallow_transfer_to_parent',
  'disallow_transfer_to_peers',
  'input_schema',
  'output_schema',
  'output_key',
  'include_contents',
  'tools',
  'generate_content_config',
  ...modelCallbacks.flatMap((key) => [`${key}_callbacks`, `${key}_callback`]),
]

/** ADK fields our runtime lacks, with what to do instead. */
const unsupported: Readonly<Record<string, string>> = {
  model_code:
    'A model object cannot be named in a file here: set model: <model name>, or load the config and call .model(myModel) on the builder.',
  accumulate_output_key: 'output_key always holds the final response here; remove the field.',
}

/**
 * Reads the `LlmAgent` fields of `record` (refusing the others, each as a problem) into the calls you would write:
 * `.model()`, `.instruct()`, `.static()`, `.writes()`, `include_contents: none` as `.context(C.currentTurn())` (ADK's
 * current turn), the transfer
 * flags as `.stay()` / `.noPeers()` / `.isolate()`, `.accepts()` / `.returns()`, `.generateContentConfig()`, tools in
 * order, then the model and tool callbacks in order. @internal
 */
export function readLlmFields(
  reader: FieldReader,
  record: YamlRecord,
  resolve: LlmFieldResolvers,
  baseFields: readonly string[],
): LlmFieldSteps {
  for (const [field, hint] of Object.entries(unsupported)) {
    if (record[field] !== undefined) reader.fail([field], `field "${field}" is not supported.`, hint)
  }
  reader.onlyKnown(record, [], [...baseFields, ...llmFields, ...Object.keys(unsupported)], 'an LlmAgent config')
  const model = reader.modelName(record, [], 'model')
  const instruction = reader.string(record, [], 'instruction', true)
  const staticValue = record['static_instruction']
  const staticInstruction =
    staticValue === undefined || staticValue === null || typeof staticValue === 'string'
      ? (staticValue ?? undefined)
      : reader.fail(['static_instruction'], 'only text is supported here.', 'Write static_instruction: <text>.')
  const outputKey = reader.string(record, [], 'output_key')
  const includeContents = reader.string(record, [], 'include_contents')
  if (includeContents !== undefined && includeContents !== 'default' && includeContents !== 'none')
    reader.fail(['include_contents'], `expected default or none, got ${JSON.stringify(includeContents)}.`)
  const toParent = reader.boolean(record, [], 'disallow_transfer_to_parent') === true
  const toPeers = reader.boolean(record, [], 'disallow_transfer_to_peers') === true
  const has = (field: string) => record[field] !== undefined && record[field] !== null
  const inputSchema = has('input_schema') ? resolve.schema(record['input_schema'], ['input_schema']) : undefined
  const outputSchema = has('output_schema') ? resolve.schema(record['output_schema'], ['output_schema']) : undefined
  const config = has('generate_content_config')
    ? resolve.generateContentConfig(record['generate_content_config'], ['generate_content_config'])
    : undefined
  const tools = (reader.list(record, [], 'tools') ?? []).map((entry, index) => resolve.tool(entry, ['tools', index]))
  const callbacks = modelCallbacks.map((key) => resolve.callbacks(key))

  type Step = readonly [FieldPath, (agent: AgentBuilder) => AgentBuilder]
  const callbackSteps = modelCallbacks.map(
    (key, index): Step => [
      [`${key}_callbacks`],
      (agent) => (callbacks[index] ?? []).reduce<AgentBuilder>((b, fn) => addCallback(b, key, fn), agent),
    ],
  )
  const steps: readonly Step[] = [
    [['model'], (agent) => (model === undefined ? agent : agent.model(model))],
    [['instruction'], (agent) => (instruction === undefined ? agent : agent.instruct(instruction))],
    [['static_instruction'], (agent) => (staticInstruction === undefined ? agent : agent.static(staticInstruction))],
    [['output_key'], (agent) => (outputKey === undefined ? agent : agent.writes(outputKey))],
    [['include_contents'], (agent) => (includeContents === 'none' ? agent.context(currentTurn()) : agent)],
    [
      ['disallow_transfer_to_parent'],
      (agent) => (toParent && toPeers ? agent.isolate() : toParent ? agent.stay() : toPeers ? agent.noPeers() : agent),
    ],
    [['input_schema'], (agent) => (inputSchema === undefined ? agent : agent.accepts(inputSchema))],
    [
      ['output_schema'],
      (agent) => (outputSchema === undefined ? agent : (agent.returns(outputSchema) as AgentBuilder)),
    ],
    [['generate_content_config'], (agent) => (config === undefined ? agent : agent.generateContentConfig(config))],
    ...tools.map((tool, index): Step => [['tools', index], (agent) => (tool ? tool(agent) : agent)]),
    ...callbackSteps,
  ]
  return {
    apply: (agent) => steps.reduce((built, [path, step]) => reader.attempt(path, () => step(built)) ?? built, agent),
  }
}
