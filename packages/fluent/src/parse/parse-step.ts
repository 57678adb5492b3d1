import { isBaseAgent } from '@adk-fluent/core'
import { isStateTransform, type StateTransform } from '../namespaces/state/state-transform.js'
import { isArtifactOperation, type ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import { isFlowNode, type FlowNode } from '../ir/flow-node.js'
import { FunctionStepNode } from '../ir/function-step-node.js'
import { TransformStepNode } from '../ir/transform-step-node.js'
import { ArtifactStepNode } from '../ir/artifact-step-node.js'
import type { StepFunction } from '../ir/state-function-types.js'
import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'
import { toIdentifier } from './to-identifier.js'

/** Anything that has a fluent node: every builder. */
export interface NodeHolder {
  readonly node: FlowNode
}

/** What `.then()`, `.step()`, `.branch()`, `.attempt()` and the route methods accept. */
export type StepInput = NodeHolder | StateTransform | ArtifactOperation | StepFunction

/** True for a fluent builder (anything holding a fluent node). */
export function isNodeHolder(value: unknown): value is NodeHolder {
  return typeof value === 'object' && value !== null && isFlowNode((value as { node?: unknown }).node)
}

/**
 * Turns a step argument into a node: a builder gives its node, an `S` transform, an `A` operation or a plain
 * function becomes a step node. Anything else throws a `ConfigError` at `path` listing what is accepted. @internal
 */
export function parseStep(value: unknown, path: readonly (string | number)[]): FlowNode {
  if (isNodeHolder(value)) return value.node
  if (isStateTransform(value)) return TransformStepNode.create(toIdentifier(value.name, 'transform'), value)
  if (isArtifactOperation(value))
    return ArtifactStepNode.create(toIdentifier(`${value.op}_${value.name}`, 'artifact_step'), value)
  if (typeof value === 'function')
    return FunctionStepNode.create(toIdentifier(value.name, 'fn_step'), value as StepFunction)
  if (isBaseAgent(value)) {
    throwConfigIssue(
      'step_invalid',
      path,
      `got a built core agent ("${value.name}", a ${value.constructor.name}), but steps are fluent builders. Pass the builder itself (Agent('${value.name}')…, without .build()): build() makes the core agents of the whole workflow at the end.`,
    )
  }
  throwConfigIssue(
    'step_invalid',
    path,
    `${describeValue(value)} is not a step. Pass a builder (Agent(...), Pipeline(...), …), an S transform (S.set(...)), an A operation (A.save(...)) or a function (state) => ({ key: value }).`,
  )
}
