/**
 * `@adk-fluent/core/internal` — the runtime's plumbing, for the other adk-fluent packages (fluent, sessions, dbos,
 * eval, ai-sdk, a2a, devtools, patterns). Not user vocabulary and not covered by semver: names here may change in
 * any release. Application code uses the package root (agents, sessions, tools, errors, `registerErrorCode`, …).
 */

// Errors: which codes end a run (registered with `endsTheRun: true`)
export { endsTheRun } from './errors/adk-fluent-error.js'

// Model adapters: retries with backoff, and reading a stream under an abort signal
export {
  abortErrorFor,
  backoffDelayMs,
  decideRetry,
  defaultRetryOptions,
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryOptions,
  throwIfAborted,
  waitBeforeRetry,
  type ResolvedRetryOptions,
  type RetryDecision,
} from './models/retry.js'
export { readOrAbort } from './models/read-or-abort.js'
export { untilSignal } from './flows/until-aborted.js'

// Validation and state-key rules
export { hasTrailingCodeExecutionResult } from './events/event.js'
export { mergeEventActions } from './events/event-actions.js'
export { isScopedKey } from './sessions/state-prefix.js'
export { assertStateDelta, assertWritableStateKey } from './sessions/reserved-state-key.js'
export { assertStorableState, stateValueIssue } from './sessions/storable-state.js'
export { assertSessionIds, sessionIdsIssue, type SessionIds } from './sessions/session-ids.js'

// Session stores: the session protocol once, over a driver per store (SQLite and PostgreSQL live in @adk-fluent/sessions)
export { StoredSessionService } from './sessions/stored-session-service.js'
export type {
  AppendedEvent,
  AppendFacts,
  EventAppend,
  EventWindow,
  LeaseTaken,
  SessionKey,
  SessionStoreDriver,
  StoredSessionRecord,
} from './sessions/session-store-driver.js'
export { hasKeys, type ScopedState, type SplitState } from './sessions/scoped-state.js'
export { sessionErrors } from './errors/session-errors.js'
export { describeValue } from './util/describe-value.js'
export { bareStateKey, hasStateKeyForm, isReservedStateKey, isStateKey, stateKeyIssue } from './sessions/state-key.js'
export { memoryWords } from './memory/memory-words.js'
export { memoryRecords } from './memory/memory-records.js'
export { tokenCounts } from './usage/run-usage.js'
export { validateAgentName } from './agents/base-agent.js'
export { defaultModelName } from './agents/llm-agent.js'
export { identityLines } from './flows/processors/identity.js'
export type { IdentityFacts } from './flows/processors/identity.js'
export { placeholderReply } from './preview/stand-in-replies.js'
export { sampleFromSchema } from './preview/sample-from-schema.js'
export { isBranchVisible } from './flows/contents/event-filter.js'
export { findAgentToRun, isRoutableLlmAgent } from './runner/find-agent-to-run.js'
export { genaiSchemaToJsonSchema } from './models/genai-schema-to-json-schema.js'
export { snapshotLlmRequest } from './models/script-step.js'
export { LONG_RUNNING_NOTE, confirmationHint } from './tools/function-tool.js'
export { isZodSchema, jsonSchemaToSchema, toGenaiSchema, zodToSchema } from './tools/zod-to-schema.js'
export { buildTransferInstruction, createTransferToAgentTool } from './tools/transfer-to-agent-tool.js'
export { isValidTemplateKey, parseTemplate, renderStateValue, templateVariables } from './instructions/template.js'
export type { TemplateToken } from './instructions/template.js'

// Graph workflows: building nodes and graphs from node-like values (the fluent Graph builder), the run's plumbing
export { buildNode, isNodeLike, isPlainObject } from './workflow/build-node.js'
export { isEdge } from './workflow/edge.js'
export { createGraphFromEdgeItems } from './workflow/graph.js'
export { toContent } from './workflow/base-node.js'
export { agentChildren } from './workflow/agent-children.js'
export { getRetryDelaySeconds, shouldRetryNode } from './workflow/retry-config.js'
export { InvocationAbortedError, isInvocationAbortedError } from './workflow/workflow-errors.js'
