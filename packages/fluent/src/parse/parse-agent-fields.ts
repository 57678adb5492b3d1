import { isBaseLlm, isBasePlanner, type BaseLlm, type BasePlanner } from '@adk-fluent/core'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import { isContextSpec, type ContextSpec } from '../namespaces/context/compile-context.js'
import { compilePrompt, isPromptSpec, type PromptSpec } from '../namespaces/prompt/compile-prompt.js'
import { isArtifactOperation, type ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { FlowNode } from '../ir/flow-node.js'
import type { GenerateContentConfig } from '../ir/agent-node.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'
import { describeValue } from './describe-value.js'
import { isNodeHolder } from './parse-step.js'

// The checks behind the agent builder's methods (`.model()`, `.static()`, `.context()`, …): each turns a method's
// argument into the value the node holds, or throws a ConfigError at the method's path with a hint.

/** A text argument (`.describe()`, `.globalInstruct()`). @internal */
export function parseText(value: unknown, path: IssuePath): string {
  if (typeof value === 'string') return value
  throwConfigIssue(
    'text_invalid',
    path,
    `expected a string, got ${describeValue(value)}.`,
    "Pass text, for example .describe('Answers billing questions.').",
  )
}

/** `.model(m)`: a model name or a `BaseLlm`. @internal */
export function parseModel(model: unknown, path: IssuePath): string | BaseLlm {
  if ((typeof model === 'string' && model.length > 0) || isBaseLlm(model)) return model as string | BaseLlm
  throwConfigIssue(
    'model_invalid',
    path,
    `expected a model name or a BaseLlm, got ${describeValue(model)}.`,
    "Pass a name such as 'gemini-2.5-flash' or a model instance.",
  )
}

/** `.static(x)`: text, or a `P` prompt that compiles to text (a static instruction is sent unchanged). @internal */
export function parseStaticInstruction(instruction: unknown, path: IssuePath): string {
  if (!isPromptSpec(instruction)) return parseText(instruction, path)
  const compiled = compilePrompt(instruction as PromptSpec)
  if (typeof compiled === 'string') return compiled
  throwConfigIssue(
    'instruction_invalid',
    path,
    'the prompt is dynamic (P.when, P.fromState, P.template, P.compress or P.adapt), and a static instruction is sent unchanged.',
    'Put the dynamic parts in .instruct() and keep .static() for fixed text.',
  )
}

/** `.artifacts(...ops)`: at least one `A` operation. @internal */
export function parseArtifactOperations(operations: readonly unknown[], path: IssuePath): readonly ArtifactOperation[] {
  const example = "Pass A operations such as .artifacts(A.publish('report.md', { fromKey: 'report' }))."
  if (operations.length === 0) throwConfigIssue('items_missing', path, 'no operations given.', example)
  return operations.map((operation, index) => {
    if (isArtifactOperation(operation)) return operation
    throwConfigIssue(
      'artifact_operation_invalid',
      [...path, index],
      `expected an A operation, got ${describeValue(operation)}.`,
      example,
    )
  })
}

/** `.context(c)`: a `C` spec. @internal */
export function parseContextSpec(spec: unknown, path: IssuePath): ContextSpec {
  if (isContextSpec(spec)) return spec
  throwConfigIssue(
    'context_invalid',
    path,
    `expected a C context spec, got ${describeValue(spec)}.`,
    'Pass one such as C.window(3); a P prompt goes in .instruct().',
  )
}

/** `.agentTool(b)`: a builder, as its node. @internal */
export function parseAgentToolBuilder(agent: unknown, path: IssuePath): FlowNode {
  if (isNodeHolder(agent)) return agent.node
  throwConfigIssue(
    'agent_invalid',
    path,
    `expected a builder, got ${describeValue(agent)}.`,
    "Pass one such as Agent('helper').",
  )
}

/** `.subAgents(...b)`: at least one builder, as their nodes. @internal */
export function parseSubAgents(agents: readonly unknown[], path: IssuePath): readonly FlowNode[] {
  const example = "Pass builders such as .subAgents(Agent('billing'))."
  if (agents.length === 0) throwConfigIssue('items_missing', path, 'no agents given.', example)
  return agents.map((agent, index) => {
    if (isNodeHolder(agent)) return agent.node
    throwConfigIssue('agent_invalid', [...path, index], `expected a builder, got ${describeValue(agent)}.`, example)
  })
}

/** `.planner(p)`: a core planner. @internal */
export function parsePlanner(planner: unknown, path: IssuePath): BasePlanner {
  if (isBasePlanner(planner)) return planner
  throwConfigIssue(
    'planner_invalid',
    path,
    `expected a planner, got ${describeValue(planner)}.`,
    'Pass one such as new PlanReActPlanner().',
  )
}

/** `.generateContentConfig(c)`: a plain object, copied and frozen. @internal */
export function parseGenerateConfig(config: unknown, path: IssuePath): GenerateContentConfig {
  if (typeof config === 'object' && config !== null && !Array.isArray(config))
    return Object.freeze({ ...(config as GenerateContentConfig) })
  throwConfigIssue(
    'options_invalid',
    path,
    `expected an object, got ${describeValue(config)}.`,
    'Pass settings such as { temperature: 0 }.',
  )
}

/** `.mock(script)`: a list of scripted replies, copied and frozen. @internal */
export function parseMockScript(script: unknown, path: IssuePath): readonly ScriptEntry[] {
  if (Array.isArray(script)) return Object.freeze([...(script as ScriptEntry[])])
  throwConfigIssue(
    'list_invalid',
    path,
    `expected a list of scripted replies, got ${describeValue(script)}.`,
    "Pass one such as .mock(['Hello!']).",
  )
}
