/**
 * `@adk-fluent/fluent/internal` — the compiler's plumbing, for packages that extend fluent (such as
 * `@adk-fluent/patterns`). Not user vocabulary and not covered by semver: names here may change in any release.
 * Application code uses the package root (`Agent`, `Pipeline`, `P`, `C`, `S`, `T`, `A`, …).
 */
export { effectiveContext } from './ir/effective-context.js'
export { visitNode } from './ir/node-visitor.js'
export { nodeChildren } from './ir/node-children.js'
export { nodeOutputKey } from './ir/node-output-key.js'
export { STEP_REPLY } from './ir/step-reply.js'
export { compilePrompt, describePrompt, isPromptSpec, promptStateKeys } from './namespaces/prompt/compile-prompt.js'
export {
  compileContext,
  composeInstruction,
  contextStateKeys,
  describeContext,
  isContextSpec,
} from './namespaces/context/compile-context.js'
export { applyDelta, isStateTransform } from './namespaces/state/state-transform.js'
export { toTools } from './namespaces/tools/compose-tools.js'
export { isToolComposite } from './namespaces/tools/tool-composite.js'
export { isArtifactOperation } from './namespaces/artifacts/artifact-operation.js'
export { throwConfigIssue, type IssuePath } from './parse/config-issue.js'
export { describeValue } from './parse/describe-value.js'
export { parseStateKey } from './parse/parse-state-key.js'
/** Core's state-key rule (`temp:quality` → `quality`), for packages that depend on fluent only. */
export { bareStateKey } from '@adk-fluent/core/internal'
// For `@adk-fluent/devtools` (the command line and the dev UI).
export { formatIssues } from './introspect/format-issues.js'
export { similarKey } from './check/similar-key.js'
export { runEvents } from './ask/run-events.js'
export { isNodeHolder } from './parse/parse-step.js'
export { lowerNode } from './compile/lower-node.js'
export { graphVisits, type GraphVisit } from './introspect/graph-visits.js'
export { createRemoteAgentBuilder, type RemoteAgentFields } from './builders/remote-agent-factory.js'
export { agentFileKind, loadAgentFile, type AgentFileKind } from './files/load-agent-file.js'
