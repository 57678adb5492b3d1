import { describe, expect, it } from 'vitest'
import * as core from './index.js'
import * as testing from './testing/index.js'

// The exact public surface: a change to it must be a visible diff here.
describe('@adk-fluent/core public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(core).sort()).toEqual([
      'AbortError', 'AdkFluentError', 'AgentTool', 'AlreadyExistsError', 'BaseAgent', 'BaseLlm', 'BasePlanner',
      'BasePlugin', 'BaseTool', 'BuiltInPlanner', 'ConfigError', 'Context', 'ExitLoopTool', 'FunctionTool', 'Gemini',
      'GlobalInstructionPlugin', 'InMemoryArtifactService', 'InMemoryRunner', 'InMemorySessionService',
      'InternalError', 'InvocationContext', 'LLMRegistry', 'LONG_RUNNING_NOTE', 'LlmAgent', 'LoggingPlugin',
      'LongRunningFunctionTool', 'LoopAgent', 'MaxTurnsError', 'ModelError', 'OpenAICompatible',
      'PREVIEW_USER_MESSAGE', 'ParallelAgent', 'PlanReActPlanner', 'PlanReActTag', 'PluginManager',
      'REQUEST_CONFIRMATION_FUNCTION_CALL_NAME', 'REQUEST_CREDENTIAL_FUNCTION_CALL_NAME',
      'REQUEST_INPUT_FUNCTION_CALL_NAME', 'ReadonlyContext', 'RunUsage', 'Runner', 'SET_MODEL_RESPONSE_TOOL_NAME',
      'SequentialAgent', 'SessionBusyError', 'SessionNotFoundError', 'SessionStoreError', 'StaleSessionError',
      'State', 'StateError', 'StatePrefix', 'StreamingMode', 'TRANSFER_TO_AGENT_TOOL_NAME', 'ToolError',
      'TransferToAgentTool', 'USAGE_LIMIT_EXCEEDED', 'UsageLimitError', 'appendFunctionDeclarations',
      'appendInstructions', 'assertStateDelta', 'assertWritableStateKey', 'bareStateKey', 'buildTransferInstruction',
      'confirmationHint', 'createEvent', 'createEventActions', 'createLlmRequest', 'createTransferToAgentTool',
      'defaultModelName', 'describeValue', 'exitLoop', 'findAgentToRun', 'getFunctionCalls',
      'getFunctionDeclarations', 'getFunctionResponses', 'hasStateKeyForm', 'hasTrailingCodeExecutionResult',
      'identityLines', 'injectSessionState', 'isAgentTool', 'isBaseAgent', 'isBaseLlm', 'isBasePlanner',
      'isBaseTool', 'isBranchVisible', 'isEvent', 'isFinalResponse', 'isFunctionTool', 'isLlmAgent',
      'isReservedStateKey', 'isRoutableLlmAgent', 'isStateKey', 'isValidTemplateKey', 'isZodSchema',
      'jsonSchemaToSchema', 'mergeEventActions', 'parseTemplate', 'placeholderReply', 'previewLlmRequest',
      'previewRun', 'renderStateValue', 'sampleFromSchema', 'snapshotLlmRequest', 'stateKeyIssue',
      'stringifyContent', 'templateVariables', 'toGenaiSchema', 'tokenCounts', 'validateAgentName', 'zodToSchema',
    ])
  })

  it('@adk-fluent/core/testing exports exactly these names', () => {
    expect(Object.keys(testing).sort()).toEqual(['ScriptedLlm', 'call', 'checkPreviewFidelity', 'text'])
  })
})
