import type { z } from 'zod'
import type { ConfigIssueInit } from '../errors/config-error.js'
import { responseSchemaOf } from '../flows/output-schema.js'
import { isBaseLlm } from '../models/base-llm.js'
import { LLMRegistry } from '../models/llm-registry.js'
import { isBaseTool } from '../tools/base-tool.js'
import { isZodSchema } from '../tools/zod-to-schema.js'
import { describeValue } from '../util/describe-value.js'
import { isStateKey, stateKeyIssue } from '../sessions/state-key.js'
import { agentPath, callbackIssues, isRecord, stringIssue } from './validate-agent-config.js'

const instructionFields = ['instruction', 'globalInstruction'] as const
const schemaFields = ['inputSchema', 'outputSchema'] as const
const modelCallbackFields = [
  'beforeModelCallback',
  'afterModelCallback',
  'beforeToolCallback',
  'afterToolCallback',
] as const

/**
 * Every problem of an `LlmAgent` configuration that `BaseAgent` does not check, each with its path and fix (it
 * accepts anything, as plain JavaScript may pass anything). @internal
 */
export function llmAgentConfigIssues(config: unknown): ConfigIssueInit[] {
  if (!isRecord(config)) return []
  const issues: ConfigIssueInit[] = []
  const path = [agentPath(config, 'LlmAgent')]
  const generate = config['generateContentConfig'] as Record<string, unknown> | undefined
  if (generate?.['tools'])
    issues.push({
      code: 'generate_config_invalid',
      path: [...path, 'generateContentConfig'],
      message: 'All tools must be set via LlmAgent.tools.',
    })
  if (generate?.['systemInstruction']) {
    issues.push({
      code: 'generate_config_invalid',
      path: [...path, 'generateContentConfig'],
      message: 'System instruction must be set via LlmAgent.instruction.',
    })
  }
  if (generate?.['responseSchema']) {
    issues.push({
      code: 'generate_config_invalid',
      path: [...path, 'generateContentConfig'],
      message: 'Response schema must be set via LlmAgent.outputSchema.',
    })
  }
  const turns = config['historyTurns']
  if (turns !== undefined && !(typeof turns === 'number' && Number.isInteger(turns) && turns >= 0)) {
    issues.push({
      code: 'number_invalid',
      path: [...path, 'historyTurns'],
      message: `historyTurns must be a whole number >= 0, got ${JSON.stringify(turns)}.`,
    })
  }
  const retries = config['maxToolRetries']
  if (retries !== undefined && !(typeof retries === 'number' && Number.isInteger(retries) && retries >= 0)) {
    issues.push({
      code: 'number_invalid',
      path: [...path, 'maxToolRetries'],
      message: `maxToolRetries must be a whole number >= 0, got ${JSON.stringify(retries)}.`,
    })
  }
  const include = config['includeContents']
  if (include !== undefined && include !== 'default' && include !== 'none' && include !== 'isolated') {
    issues.push({
      code: 'choice_invalid',
      path: [...path, 'includeContents'],
      message: `includeContents must be 'default', 'none' or 'isolated', got ${JSON.stringify(include)}.`,
    })
  }
  const outputKey = config['outputKey']
  // The key is worded only when it is wrong (this runs for every agent built).
  const outputKeyIssue =
    outputKey === undefined || isStateKey(outputKey)
      ? undefined
      : stateKeyIssue(outputKey, `outputKey ${JSON.stringify(outputKey) ?? String(outputKey)}`)
  if (outputKeyIssue) issues.push({ path: [...path, 'outputKey'], ...outputKeyIssue })
  if (config['model'] !== undefined) issues.push(...modelIssues(path, config['model']))
  for (const field of instructionFields) {
    const value = config[field]
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'function') {
      issues.push({
        code: 'instruction_invalid',
        path: [...path, field],
        message: `${field} must be a string or a function (context) => string, got ${describeValue(value)}.`,
      })
    }
  }
  if (config['staticInstruction'] !== undefined)
    issues.push(...stringIssue(path, 'staticInstruction', config['staticInstruction']))
  for (const field of schemaFields) {
    const value = config[field]
    if (value === undefined) continue
    if (!isZodSchema(value)) {
      issues.push({
        code: 'schema_invalid',
        path: [...path, field],
        message: `${field} must be a zod schema (for example z.object({ … })), got ${describeValue(value)}.`,
      })
      continue
    }
    try {
      responseSchemaOf(value as z.ZodType)
    } catch (error) {
      issues.push({
        code: 'schema_invalid',
        path: [...path, field],
        message: `${field} cannot be sent to a model: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
  }
  if (config['tools'] !== undefined) issues.push(...toolIssues(path, config['tools']))
  for (const field of modelCallbackFields) {
    if (config[field] !== undefined) issues.push(...callbackIssues(path, field, config[field]))
  }
  const subAgents = config['subAgents']
  if (config['outputSchema'] !== undefined && Array.isArray(subAgents) && subAgents.length > 0) {
    issues.push({
      code: 'options_conflict',
      path: [...path, 'outputSchema'],
      message:
        'an agent with an outputSchema cannot have subAgents: it answers with structured output and never transfers. Move the sub-agents to another agent, or give the structured output to a sub-agent.',
    })
  }
  return issues
}

function modelIssues(path: readonly string[], model: unknown): ConfigIssueInit[] {
  if (model === undefined) return []
  if (typeof model !== 'string' && !isBaseLlm(model)) {
    return [
      {
        code: 'model_invalid',
        path: [...path, 'model'],
        message: `model must be a model name or a BaseLlm instance, got ${describeValue(model)}.`,
      },
    ]
  }
  if (typeof model === 'string' && model.length > 0 && !LLMRegistry.resolve(model)) {
    return [
      {
        code: 'model_unknown',
        path: [...path, 'model'],
        message: `Unknown model "${model}": no registered model matches it. Use a "gemini-*" name, pass a BaseLlm instance, or call LLMRegistry.register(pattern, factory) first.`,
      },
    ]
  }
  return []
}

function toolIssues(path: readonly string[], tools: unknown): ConfigIssueInit[] {
  if (tools === undefined) return []
  if (!Array.isArray(tools)) {
    return [
      {
        code: 'list_invalid',
        path: [...path, 'tools'],
        message: `tools must be an array of tools, got ${describeValue(tools)}. Wrap functions in new FunctionTool({ ... }).`,
      },
    ]
  }
  const issues: ConfigIssueInit[] = []
  const firstIndex = new Map<string, number>()
  tools.forEach((tool: unknown, index) => {
    if (!isBaseTool(tool)) {
      issues.push({
        code: 'tool_invalid',
        path: [...path, 'tools', index],
        message: `not a tool (got ${describeValue(tool)}). Wrap functions in new FunctionTool({ ... }).`,
      })
      return
    }
    const first = firstIndex.get(tool.name)
    if (first === undefined) {
      firstIndex.set(tool.name, index)
      return
    }
    issues.push({
      code: 'tool_name_duplicate',
      path: [...path, 'tools', index],
      message: `tools ${first} and ${index} are both named "${tool.name}": the model could not tell them apart. Give one another name.`,
    })
  })
  return issues
}
