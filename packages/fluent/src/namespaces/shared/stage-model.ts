import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import {
  Context,
  LLMRegistry,
  ModelError,
  createLlmRequest,
  isBaseLlm,
  isLlmAgent,
  stringifyContent,
  type BaseAgent,
  type BaseLlm,
  type InvocationContext,
  type LlmResponse,
  type ReadonlyContext,
} from '@adk-fluent/core'

/** The model of a model-powered factory: a core model instance, or a model name resolved by `LLMRegistry`. */
export type StageModel = BaseLlm | string

/** One model call made by a model-powered factory (`C.summarize`, `P.compress`, …), as its event reports it. */
export interface StageModelCall {
  /** The factory call (`C.summarize()`). */
  readonly factory: string
  readonly model: string
  /** The model's answer; `undefined` when the call failed. */
  readonly output?: string
  readonly error?: string
}

/** The error of a model-powered factory whose model call failed; the agent reports it as an error event. */
export class StageModelError extends ModelError {
  /** The agent reports it as an error event with this code. */
  readonly eventErrorCode = 'MODEL_STAGE_FAILED'
  readonly stageFactory: string
  constructor(
    factory: string,
    message: string,
    options: { agentName: string; invocationId: string; errorCode?: string },
  ) {
    super(message, options)
    this.stageFactory = factory
  }
}

const cache = new WeakMap<object, Map<string, string>>()
const pending = new WeakMap<InvocationContext, StageModelCall[]>()

/** The model calls made for `ctx` since the last call, in order (the agent turns each into an event). @internal */
export function takeStageModelCalls(ctx: InvocationContext): StageModelCall[] {
  const calls = pending.get(ctx)
  if (!calls || calls.length === 0) return []
  pending.delete(ctx)
  return calls
}

function record(ctx: InvocationContext, call: StageModelCall): void {
  const list = pending.get(ctx)
  if (list) list.push(call)
  else pending.set(ctx, [call])
}

/**
 * Fails a model-powered factory whose model answered something unusable (records the failure, throws a
 * {@link StageModelError}). @internal
 */
export function failStage(factory: string, model: string, message: string, context: ReadonlyContext): never {
  record(context.invocationContext, { factory, model, error: message })
  throw new StageModelError(factory, `${factory} in agent "${context.agentName}": ${message}`, {
    agentName: context.agentName,
    invocationId: context.invocationId,
  })
}

/** The model of a factory: its own option, else the running agent's (own or inherited) model. */
function resolveModel(factory: string, model: StageModel | undefined, context: ReadonlyContext): BaseLlm {
  if (model !== undefined) return typeof model === 'string' ? LLMRegistry.newLlm(model) : model
  // An agent without a model of its own uses its nearest ancestor's; only when none has one would core fall back to its
  // default model, which the user never chose: then the factory asks for a model instead.
  for (let agent: BaseAgent | undefined = context.invocationContext.agent; agent; agent = agent.parentAgent) {
    if (isLlmAgent(agent) && agent.model !== undefined) return agent.canonicalModel
  }
  throwConfigIssue(
    'model_missing',
    [context.agentName, factory],
    `${factory} needs a model, and agent "${context.agentName}" has none (neither its own nor an ancestor's).`,
    `Give agent "${context.agentName}" a model (.model('gemini-2.5-flash')) or pass { model } to ${factory}.`,
  )
}

/** Validates the optional `model` option of `factory`. @internal */
export function parseStageModel(factory: string, model: unknown): StageModel | undefined {
  if (model === undefined || isBaseLlm(model)) return model
  if (typeof model === 'string' && model.trim().length > 0) return model
  throwConfigIssue(
    'model_invalid',
    [factory, 'model'],
    `expected a model, got ${typeof model === 'string' ? 'an empty string' : describeValue(model)}.`,
    "Pass a model name ('gemini-2.5-flash'), any core BaseLlm (a ScriptedLlm in tests), or leave it out to use the agent's model.",
  )
}

/** The name of a stage model for descriptions (`the agent's model` when none is given). @internal */
export function stageModelName(model: StageModel | undefined): string {
  if (model === undefined) return "the agent's model"
  return typeof model === 'string' ? model : model.model
}

/**
 * One model call of a model-powered factory, made through the running invocation: plugins' before/after-model hooks
 * run (a plugin may answer instead of the model), the call counts toward `maxLlmCalls` and honours the abort signal,
 * and the result is cached for the invocation (the same request is answered once). The call is recorded; the agent
 * reports it as an event. A failing model throws a {@link StageModelError} (never a half-built prompt).
 * @internal
 */
export async function callStageModel(
  factory: string,
  model: StageModel | undefined,
  systemInstruction: string,
  userText: string,
  context: ReadonlyContext,
): Promise<string> {
  const invocation = context.invocationContext
  const llm = resolveModel(factory, model, context)
  const key = `${factory}\u0000${llm.model}\u0000${systemInstruction}\u0000${userText}`
  let memo = cache.get(invocation.tempState)
  const cached = memo?.get(key)
  if (cached !== undefined) return cached
  const request = createLlmRequest(llm.model)
  request.config.systemInstruction = systemInstruction
  request.config.labels = { adk_agent_name: context.agentName }
  request.contents.push({ role: 'user', parts: [{ text: userText }] })
  const callbackContext = new Context({ invocationContext: invocation })
  const fail = (message: string, errorCode?: string): never => {
    record(invocation, { factory, model: llm.model, error: message })
    throw new StageModelError(
      factory,
      `${factory} in agent "${context.agentName}": the model "${llm.model}" failed: ${message}`,
      {
        agentName: context.agentName,
        invocationId: context.invocationId,
        ...(errorCode === undefined ? {} : { errorCode }),
      },
    )
  }
  let text = ''
  try {
    const early = await invocation.pluginManager.run('beforeModelCallback', { callbackContext, llmRequest: request })
    const responses: AsyncIterable<LlmResponse> = early
      ? single(early)
      : (invocation.incrementLlmCallCount(), llm.generateContentAsync(request, false, invocation.abortSignal))
    for await (const raw of responses) {
      const replaced = await invocation.pluginManager.run('afterModelCallback', { callbackContext, llmResponse: raw })
      const response = replaced ?? raw
      if (response.errorCode)
        fail(
          `error ${response.errorCode}${response.errorMessage ? `: ${response.errorMessage}` : ''}`,
          response.errorCode,
        )
      if (!response.partial) text += stringifyContent(response)
    }
  } catch (caught) {
    if (caught instanceof StageModelError || invocation.abortSignal?.aborted) throw caught
    if (
      caught instanceof Error &&
      'code' in caught &&
      (caught.code === 'ABORTED' || caught.code === 'CONFIG_INVALID' || caught.code === 'MAX_TURNS')
    ) {
      throw caught
    }
    fail(caught instanceof Error ? caught.message : String(caught))
  }
  const output = text.trim()
  if (output.length === 0) fail('it returned no text')
  record(invocation, { factory, model: llm.model, output })
  if (!memo) {
    memo = new Map()
    cache.set(invocation.tempState, memo)
  }
  memo.set(key, output)
  return output
}

async function* single(response: LlmResponse): AsyncGenerator<LlmResponse, void, undefined> {
  yield response
}
