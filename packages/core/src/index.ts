// Errors
export {
  AbortError,
  AdkFluentError,
  AlreadyExistsError,
  CircuitOpenError,
  ConfigError,
  GuardViolationError,
  InternalError,
  MaxTurnsError,
  ModelError,
  PluginError,
  SessionBusyError,
  SessionNotFoundError,
  SessionStoreError,
  StaleSessionError,
  StateError,
  ToolError,
  ToolRetriesExceededError,
  UsageLimitError,
  InterruptAnswerError,
  IntentMismatchError,
  isIntentMismatchError,
  registerErrorCode,
  errorCodeInfo,
  issueCodes,
} from './errors/index.js'
export type {
  AdkFluentErrorOptions,
  ConfigIssue,
  ConfigIssueInit,
  ErrorCode,
  ErrorCodeInfo,
  ErrorCodes,
  IntentMismatchReason,
  IssueCode,
} from './errors/index.js'

// Events
export {
  createEvent,
  getFunctionCalls,
  getFunctionResponses,
  isErrorEvent,
  isEvent,
  isFinalResponse,
  stringifyContent,
} from './events/event.js'
export type { Event, EventInit, NodeInfo, Route, RouteKey } from './events/event.js'
export { createEventActions } from './events/event-actions.js'
export type { EventActions } from './events/event-actions.js'
export { ToolConfirmation } from './tools/tool-confirmation.js'

// Sessions, state, artifacts
export type { Session } from './sessions/session.js'
export { State } from './sessions/state.js'
export { StatePrefix } from './sessions/state-prefix.js'
export type {
  AppendEventRequest,
  BaseSessionService,
  CreateSessionRequest,
  DeleteSessionRequest,
  GetSessionConfig,
  GetSessionRequest,
  ListSessionsRequest,
  ListSessionsResponse,
  SessionLease,
  SessionLeaseRequest,
} from './sessions/base-session-service.js'
export { InMemorySessionService } from './sessions/in-memory-session-service.js'
export type {
  ArtifactKey,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from './artifacts/base-artifact-service.js'
export { InMemoryArtifactService } from './artifacts/in-memory-artifact-service.js'

// Memory
export { BaseMemoryService, isBaseMemoryService } from './memory/base-memory-service.js'
export { InMemoryMemoryService } from './memory/in-memory-memory-service.js'
export type { AddMemoryRequest, MemoryEntry, SearchMemoryRequest, SearchMemoryResponse } from './memory/memory-entry.js'
export type { MemoryRecord, MemorySearch } from './memory/memory-record.js'
export { LoadMemoryTool } from './tools/load-memory-tool.js'
export type { MemoryToolOptions } from './tools/load-memory-tool.js'
export { PreloadMemoryTool } from './tools/preload-memory-tool.js'
export type { PreloadMemoryToolOptions } from './tools/preload-memory-tool.js'

// Contexts and agents
export { InvocationContext } from './agents/invocation-context.js'
export type { InvocationContextParams } from './agents/invocation-context.js'
export type { InvocationProgress, LoopCheckpoint, PauseScope } from './agents/invocation-progress.js'
export type {
  InvocationHooks,
  ModelCallInfo,
  NodeCallInfo,
  NodeRunOutcome,
  StepCallInfo,
  ToolCallInfo,
  ToolCallOutcome,
} from './agents/invocation-hooks.js'
export { ReadonlyContext } from './agents/readonly-context.js'
export type { ReadonlyState } from './agents/readonly-context.js'
export { Context } from './agents/context.js'
export type { ContextParams } from './agents/context.js'
export { StreamingMode } from './agents/run-config.js'
export { RunUsage } from './usage/run-usage.js'
export type { Usage, UsageReport } from './usage/run-usage.js'
export { USAGE_LIMIT_EXCEEDED } from './usage/usage-limits.js'
export { TOOL_RETRIES_EXCEEDED } from './flows/llm-flow.js'
export type { UsageLimits } from './usage/usage-limits.js'
export type { ModelOverride, RunConfig } from './agents/run-config.js'
export { BaseAgent, isBaseAgent } from './agents/base-agent.js'
export type { BaseAgentConfig } from './agents/base-agent.js'
export type { AgentCallback, SingleAgentCallback } from './agents/agent-callbacks.js'

// LLM agents, workflow agents, flows
export { LlmAgent } from './agents/llm-agent.js'
export { isLlmAgent } from './agents/is-llm-agent.js'
export type { IncludeContents, LlmAgentConfig } from './agents/llm-agent.js'
export type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  Instruction,
  InstructionProvider,
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from './agents/llm-agent-callbacks.js'
export { SequentialAgent } from './agents/sequential-agent.js'
export { ParallelAgent } from './agents/parallel-agent.js'
export { LoopAgent } from './agents/loop-agent.js'
export type { LoopAgentConfig } from './agents/loop-agent.js'
export { previewLlmRequest } from './flows/preview-llm-request.js'
export type { PreviewLlmRequestOptions } from './flows/preview-llm-request.js'
export { PREVIEW_USER_MESSAGE, previewRun } from './preview/preview-run.js'
export type { PreviewCall, PreviewRunOptions, PreviewRunResult } from './preview/preview-run.js'
export type { PreviewReplySource } from './preview/stand-in-replies.js'
export { SET_MODEL_RESPONSE_TOOL_NAME } from './flows/output-schema.js'
export {
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_CREDENTIAL_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
} from './pause/interrupt-names.js'

// Pause and resume (human approval, requested input, long-running tools)
export { RequestInput, isRequestInput } from './pause/request-input.js'
export type { RequestInputParams, ResponseSchema } from './pause/request-input.js'
export { createRequestInputEvent, requestInputCall } from './pause/request-input-event.js'
export type { InterruptEventOrigin } from './pause/request-input-event.js'
export {
  getAskUserConfirmationFunctionCalls,
  getPendingUserInputRequests,
  getUserInputRequests,
  requiresUserInput,
} from './pause/user-input-requests.js'
export type { UserInputKind, UserInputRequest } from './pause/user-input-requests.js'
export { listPendingInterrupts, pendingInterrupts } from './pause/pending-interrupts.js'
export type { InterruptKind, PendingInterrupt } from './pause/pending-interrupts.js'
export { answerContent } from './pause/interrupt-answers.js'
export type { InterruptAnswers } from './pause/interrupt-answers.js'
export { answerInterrupts } from './pause/answer-interrupts.js'
export type { AnswerInterruptsRequest, InterruptRunner } from './pause/answer-interrupts.js'
export { App, isApp, validateAppName } from './apps/app.js'
export type { AppOptions } from './apps/app.js'
export { createResumabilityConfig } from './apps/resumability-config.js'
export type { ResumabilityConfig } from './apps/resumability-config.js'

// Graph workflows (ADK 2.0 `Workflow`)
export { Workflow } from './workflow/workflow.js'
export { isWorkflow } from './workflow/is-workflow.js'
export type { DynamicEntry, WorkflowBaseConfig, WorkflowConfig } from './workflow/workflow.js'
export { BaseNode, START, isBaseNode } from './workflow/base-node.js'
export type { BaseNodeConfig } from './workflow/base-node.js'
export { WorkflowNode } from './workflow/workflow-node.js'
export { node } from './workflow/build-node.js'
export type { BuildNodeOptions, NodeLike, NodeOptions, RunnableNode } from './workflow/build-node.js'
export { FunctionNode } from './workflow/function-node.js'
export type { FunctionNodeConfig, FunctionNodeHandler, FunctionNodeResult } from './workflow/function-node.js'
export { JoinNode } from './workflow/join-node.js'
export { ParallelWorker, DEFAULT_MAX_PARALLEL_WORKERS } from './workflow/parallel-worker.js'
export type { ParallelWorkerConfig } from './workflow/parallel-worker.js'
export { ToolNode } from './workflow/tool-node.js'
export type { ToolNodeConfig } from './workflow/tool-node.js'
export { DEFAULT_ROUTE, Edge } from './workflow/edge.js'
export type { ChainElement, EdgeItem, RouteValue, RoutingMap } from './workflow/edge.js'
export { Graph } from './workflow/graph.js'
export { NodeContext } from './workflow/node-context.js'
export type {
  NodeContextOptions,
  NodeEventSink,
  NodeResult,
  RunNodeOptions,
  ScheduleDynamicNode,
  ScheduleDynamicNodeOptions,
} from './workflow/node-context.js'
export { NodeStatus } from './workflow/node-status.js'
export { createNodeState, isNodeState } from './workflow/node-state.js'
export type { NodeState } from './workflow/node-state.js'
export {
  BranchPath,
  branchPathFromString,
  commonPrefixOf,
  commonPrefixOfPaths,
  createSubBranch,
} from './workflow/branch-path.js'
export { normalizeRetryExceptions, prepareRetryConfig } from './workflow/retry-config.js'
export type { ErrorClass, PreparedRetryConfig, RetryConfig } from './workflow/retry-config.js'
export type { SchemaLike } from './workflow/schema-like.js'
export {
  DynamicNodeFailError,
  NodeReportedError,
  NodeSchemaValidationError,
  NodeTimeoutError,
  isNodeReportedError,
  isNodeSchemaValidationError,
  isNodeTimeoutError,
} from './workflow/workflow-errors.js'
export { createNodeErrorEvent, isNodeErrorEvent } from './workflow/node-error-event.js'
export type { CreateNodeErrorEventParams, NodeErrorEvent } from './workflow/node-error-event.js'
export { runNodeAsInvocation } from './workflow/run-node-as-invocation.js'
export type { RunNodeAsInvocationOptions } from './workflow/run-node-as-invocation.js'
export { asRunnableRoot, isRunnableRoot } from './workflow/runnable-root.js'
export type { RunnableRoot } from './workflow/runnable-root.js'

// Runner
export { Runner } from './runner/runner.js'
export type { RunAsyncRequest, RunnerConfig } from './runner/runner.js'
export { InMemoryRunner } from './runner/in-memory-runner.js'
export type { InMemoryRunnerConfig } from './runner/in-memory-runner.js'

// Models
export { BaseLlm, isBaseLlm } from './models/base-llm.js'
export type { LlmRequest, LlmRequestConfig } from './models/llm-request.js'
export {
  appendFunctionDeclarations,
  appendInstructions,
  createLlmRequest,
  getFunctionDeclarations,
} from './models/llm-request.js'
export type { LlmResponse } from './models/llm-response.js'
export type {
  Blob,
  CallableTool,
  Candidate,
  Citation,
  CitationMetadata,
  CodeExecutionResult,
  Content,
  ContentListUnion,
  ContentUnion,
  ExecutableCode,
  FileData,
  FunctionCall,
  FunctionCallingConfig,
  FunctionDeclaration,
  FunctionResponse,
  FunctionResponsePart,
  GenerateContentConfig,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  HttpOptions,
  HttpRetryOptions,
  ModalityTokenCount,
  Part,
  PartUnion,
  PromptFeedback,
  SafetySetting,
  Schema,
  SchemaUnion,
  ThinkingConfig,
  Tool,
  ToolConfig,
  ToolListUnion,
  ToolUnion,
  VideoMetadata,
} from './models/genai-types.js'
export { BlockedReason, FinishReason, Type } from './models/genai-types.js'
export { createLlmResponse } from './models/create-llm-response.js'
export type { GenerateContentResponseFields } from './models/create-llm-response.js'
export { StreamingResponseAggregator } from './models/streaming-response-aggregator.js'
export type { ScriptEntry, ScriptStep } from './models/script-step.js'
export { LLMRegistry } from './models/llm-registry.js'
export type { LlmFactory } from './models/llm-registry.js'
export { Gemini } from './models/gemini.js'
export type { GeminiOptions } from './models/gemini.js'
export type { RetryOptions } from './models/retry.js'
export { OpenAICompatible } from './models/openai-compatible.js'
export type { OpenAICompatibleOptions } from './models/openai-compatible.js'

// Tools
export { BaseTool, isBaseTool } from './tools/base-tool.js'
export type { BaseToolParams } from './tools/base-tool.js'
export { FunctionTool, LongRunningFunctionTool, isFunctionTool } from './tools/function-tool.js'
export { getUserChoiceTool, requestInputTool } from './tools/user-input-tools.js'
export type { FunctionToolArgs, FunctionToolOptions, FunctionToolParameters } from './tools/function-tool.js'
export { ExitLoopTool, exitLoop } from './tools/exit-loop-tool.js'
export { TRANSFER_TO_AGENT_TOOL_NAME, TransferToAgentTool } from './tools/transfer-to-agent-tool.js'
export type { TransferTarget } from './tools/transfer-to-agent-tool.js'
export { AgentTool, isAgentTool } from './tools/agent-tool.js'
export type { AgentToolOptions } from './tools/agent-tool.js'

// Plugins
export { BasePlugin } from './plugins/base-plugin.js'
export type { PluginHook } from './plugins/base-plugin.js'
export { PluginManager } from './plugins/plugin-manager.js'
export { GlobalInstructionPlugin } from './plugins/global-instruction-plugin.js'
export { LoggingPlugin } from './plugins/logging-plugin.js'
export type { LoggingPluginOptions } from './plugins/logging-plugin.js'
export type { LogRecord } from './plugins/log-record.js'
export { CircuitBreakerPlugin, CostPlugin, LatencyPlugin, RetryPlugin } from './plugins/middleware/index.js'
export type {
  CircuitBreakerPluginOptions,
  CircuitState,
  CostPluginOptions,
  LatencyPluginOptions,
  LatencyRecord,
  ModelPrice,
  RetryPluginOptions,
} from './plugins/middleware/index.js'

// Planners
export { BasePlanner, isBasePlanner } from './planners/base-planner.js'
export { BuiltInPlanner } from './planners/built-in-planner.js'
export type { BuiltInPlannerOptions } from './planners/built-in-planner.js'
export { PlanReActPlanner, PlanReActTag } from './planners/plan-re-act-planner.js'

// Instructions
export { injectSessionState } from './instructions/inject-session-state.js'
