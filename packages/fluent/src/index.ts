// Builders
export { Agent, FanOut, Fallback, Loop, Pipeline, Route } from './builders/workflow-factories.js'
export { Graph } from './builders/graph-factory.js'
export type { GraphBuilder } from './builders/graph-builder.js'
export type {
  ChainArguments,
  ChainPoint,
  CheckedTarget,
  ElementSteps,
  GraphStepError,
  GraphWith,
  WithSteps,
} from './builders/graph-flow.js'
export type { GraphChainElement, GraphRoutingMap, GraphTargets } from './parse/parse-graph-edges.js'
export type { GraphNodeInput, GraphStepInput } from './parse/parse-graph-node.js'
export { expect, gate, mapOver, race, tap, timeout } from './builders/flow-helpers.js'
export type { GateOptions, MapOverOptions } from './builders/flow-helpers.js'
export type { AgentBuilder, AgentFlow, ChildWrites } from './builders/agent-builder.js'
export type { FallbackBuilder } from './builders/fallback-builder.js'
export type { FanOutBuilder } from './builders/fan-out-builder.js'
export type { FlowBuilder } from './builders/flow-builder.js'
export type { LoopBuilder } from './builders/loop-builder.js'
export type { PipelineBuilder } from './builders/pipeline-builder.js'
export type {
  AttemptMethod,
  BranchMethod,
  SequenceMethod,
  StateStep,
  StepAnswer,
  TransformStep,
} from './builders/step-methods.js'
export type { RouteBuilder, RouteRuleMethod } from './builders/route-builder.js'
export type { StepBuilder } from './builders/step-builder.js'
export type {
  AddReads,
  AddWrites,
  Alternative,
  AnyWrites,
  BranchError,
  Checked,
  CheckedStep,
  Concurrent,
  DeclaredWrites,
  EitherWrites,
  EmptyFlow,
  ErrorIf,
  FlowOf,
  FluentTypeError,
  InitialError,
  InitialKeys,
  InitialReceiver,
  KeyWrites,
  KnownKeys,
  LoopSequence,
  LoopStepError,
  OpaqueFlow,
  ReadError,
  ReadKeys,
  SchemaKeys,
  SchemaWrites,
  SomeWrites,
  TransformFlow,
  Sequence,
  SequenceError,
  SetWrites,
  StateFlow,
  StateOf,
  StateReader,
  StepFlow,
  Typed,
  WithInitial,
} from './flow-types/state-flow.js'
export type { InstructionRequiredKeys, TemplateRequiredKeys, TemplateVariables } from './flow-types/template-keys.js'
export type { RemoteAgentBuilder } from './builders/remote-agent-builder.js'
export type { NodeHolder, StepInput } from './parse/parse-step.js'
export type { ToolArgument, ToolOptions, ToolsInput } from './parse/parse-tools.js'
export type { AskOptions, RunOptions } from './ask/run-options.js'
export type { AskResult, AskReturn } from './ask/ask-result.js'
export type { StreamChunk } from './ask/stream-chunk.js'
export { RunPausedError } from './ask/run-paused-error.js'
export { isResume, resumeWith } from './ask/resume-with.js'
export type { Resume } from './ask/resume-with.js'

// Namespaces
export { A, C, G, M, P, S, T } from './namespaces/index.js'
export type { PromptSpec } from './namespaces/prompt/index.js'
export type { ContextSpec } from './namespaces/context/index.js'
export type { StateTransform } from './namespaces/state/index.js'
export type { ToolComposite } from './namespaces/tools/index.js'
export type { ArtifactOperation } from './namespaces/artifacts/index.js'
export type { GuardChain, GuardSpec, PiiKind } from './namespaces/guards/index.js'

// IR (read by introspection)
export type { FlowNode, NamedNodeFields, NodeKind } from './ir/flow-node.js'
export { isFlowNode } from './ir/flow-node.js'
export type {
  AgentInstruction,
  AgentNode,
  GenerateContentConfig,
  ReadsSetting,
  AgentToolEntry,
  TransferPolicy,
} from './ir/agent-node.js'
export type { AgentCallbackKind, AgentCallbacks } from './ir/agent-callbacks.js'
export type { SequenceNode } from './ir/sequence-node.js'
export type { ParallelNode } from './ir/parallel-node.js'
export type { LoopNode } from './ir/loop-node.js'
export type { FallbackNode } from './ir/fallback-node.js'
export type { RouteNode, RouteOperator, RouteRule } from './ir/route-node.js'
export type { FunctionStepNode } from './ir/function-step-node.js'
export type { TransformStepNode } from './ir/transform-step-node.js'
export type { ArtifactStepNode } from './ir/artifact-step-node.js'
export type { TapNode } from './ir/tap-node.js'
export type { ExpectNode } from './ir/expect-node.js'
export type { GateNode } from './ir/gate-node.js'
export type { RaceNode } from './ir/race-node.js'
export type { TimeoutNode } from './ir/timeout-node.js'
export type { MapOverNode } from './ir/map-over-node.js'
export type { RemoteAgentLowering, RemoteAgentNode } from './ir/remote-agent-node.js'
export type { WorkflowFields } from './ir/workflow-fields.js'
export type { GraphNode } from './ir/graph-node.js'
export type { GraphEdge } from './ir/graph-edge.js'
export type { GraphFunction, GraphFunctionNode, GraphNodeContext } from './ir/graph-function-node.js'
export type { GraphJoinNode } from './ir/graph-join-node.js'
export type { StatePredicate, StateSnapshot, StepFunction, TapFunction } from './ir/state-function-types.js'
export type { NodeVisitor } from './ir/node-visitor.js'
export type { NodeChild } from './ir/node-children.js'

// Introspection
export type { CheckIssue, CheckLevel, CheckOptions } from './check/check-issue.js'
export type { DataFlowFields } from './introspect/data-flow.js'
export type { ExplainReport } from './introspect/explain-report.js'
export type { LlmAnatomyOptions, LlmCallPreview, LlmCallsPreview } from './introspect/llm-anatomy-preview.js'
export { previewLlmCalls } from './introspect/llm-anatomy-preview.js'
export type { TreePath } from './check/node-visit.js'

// Agents from files
export { loadAgentConfig } from './files/load-agent-config.js'
export type { AgentConfigBuilder, AgentConfigOptions, ConfigCallback } from './files/load-agent-config.js'
export type { ConfigTool } from './files/config-tools.js'
export { Skill } from './files/skill-builder.js'
export type { SkillAgentConfigure, SkillAgentOverrides, SkillBuilder } from './files/skill-builder.js'
export { AgentFileError } from './files/agent-file-error.js'
export type { AgentFileProblem } from './files/agent-file-error.js'

// Run-time agents and errors
export { AgentTimeoutError } from './agents/agent-timeout-error.js'
export { CircuitOpenError, ConfigError, GuardViolationError, StateError } from '@adk-fluent/core'
