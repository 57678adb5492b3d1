import type { Content } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { Context } from '../agents/context.js'
import type { Event } from '../events/event.js'
import { createEvent, getFunctionCalls, isFinalResponse } from '../events/event.js'
import { createEventActions, hasDelta } from '../events/event-actions.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { ModelError } from '../errors/runtime-errors.js'
import { newEventId, newFunctionCallId } from '../util/ids.js'
import { buildLlmRequest, usesSetModelResponse } from './build-llm-request.js'
import { callLlm, limitResponse } from './call-llm.js'
import { breachBeforeToolCalls } from '../usage/usage-limits.js'
import { answersInvalidArguments, handleFunctionCalls } from './functions.js'
import { hasAnswers, resumeAgent } from './resume-agent.js'
import { saveOutputToState } from './output-key.js'
import { SET_MODEL_RESPONSE_TOOL_NAME, validateStructuredOutput } from './output-schema.js'

/**
 * The LLM flow of one agent: steps (build request → call model → run tools) repeat until the last event is final,
 * nothing was produced, or the invocation ended. Every event passes `outputKey` handling before it is yielded.
 */
export async function* runLlmFlow(agent: LlmAgent, ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
  // Checked first, so a turn that answers nothing and resumes nothing creates no resume generator.
  if (ctx.resumeFrom !== undefined || hasAnswers(ctx.userContent)) {
    const outcome = yield* resumeAgent(agent, ctx, async () => (await buildLlmRequest(agent, ctx)).toolsDict)
    if (outcome === 'paused' || outcome === 'done') return
  }
  // Model steps whose tool calls had arguments the tools' schemas rejected (see LlmAgent.maxToolRetries).
  let invalidSteps = 0
  // The steps run inline (not as a generator per step): each event passes one async-generator layer less.
  for (;;) {
    let last: Event | undefined
    step: {
      ctx.throwIfAborted()
      const built = buildLlmRequest(agent, ctx)
      const request = built instanceof Promise ? await built : built
      if (ctx.endInvocation) break step
      let eventId = newEventId()
      let actions = createEventActions()
      let repaired = false
      for await (const raw of callLlm(agent, ctx, request, actions)) {
        let response = raw
        if (agent.outputSchema && !response.partial && isStructuredCandidate(response)) {
          const checked = await ensureStructuredOutput(agent, ctx, request, response, actions, repaired)
          response = checked
          repaired = true
        }
        const planned = agent.planner && !response.partial ? applyPlanner(agent, ctx, response) : undefined
        if (planned?.stateEvent) {
          saveOutputToState(agent, planned.stateEvent)
          yield (last = planned.stateEvent)
        }
        if (planned) response = planned.response
        if (!response.content?.parts?.length && response.errorCode === undefined && !response.interrupted) continue
        const event = toEvent(agent, ctx, response, eventId, actions)
        // Every event of a step gets its own id, streamed chunks included (ADK regenerates the template id).
        eventId = newEventId()
        if (!event.partial) actions = createEventActions()
        const calls = getFunctionCalls(event)
        if (calls.length > 0 && !interceptSetModelResponse(agent, event)) {
          for (const call of calls)
            if (!call.id) call.id = ctx.hooks?.newFunctionCallId ? ctx.hooks.newFunctionCallId() : newFunctionCallId()
          const longRunning = calls
            .filter((call) => request.toolsDict[call.name ?? '']?.isLongRunning)
            .map((call) => call.id as string)
          if (longRunning.length > 0) event.longRunningToolIds = longRunning
          saveOutputToState(agent, event)
          yield (last = event)
          // Stopped by a token limit: the limit's error event follows from callLlm; the calls are not run.
          if (ctx.stopped) continue
          const limits = ctx.runConfig.usageLimits
          const breach = limits ? breachBeforeToolCalls(ctx.usage, limits, calls.length) : undefined
          if (breach) {
            const stop = toEvent(agent, ctx, limitResponse(ctx, breach), newEventId(), createEventActions())
            saveOutputToState(agent, stop)
            yield (last = stop)
            break step
          }
          ctx.usage.addToolCalls(agent.name, calls.length)
          let invalid = false
          for await (const answer of handleFunctionCalls(agent, ctx, event, request.toolsDict)) {
            if (answer.author === agent.name && answersInvalidArguments(answer)) invalid = true
            saveOutputToState(agent, answer)
            yield (last = answer)
          }
          if (invalid && ++invalidSteps > agent.maxToolRetries && !ctx.endInvocation) {
            const stop = toEvent(agent, ctx, toolRetriesResponse(agent, calls), newEventId(), createEventActions())
            yield (last = stop)
            return
          }
          continue
        }
        saveOutputToState(agent, event)
        yield (last = event)
      }
    }
    if (!last || ctx.endInvocation || ctx.pauseScope?.paused || isFinalResponse(last) || last.partial) return
  }
}

/** `errorCode` of the event that ends an agent whose model kept calling tools with invalid arguments. */
export const TOOL_RETRIES_EXCEEDED = 'TOOL_RETRIES_EXCEEDED'

function toolRetriesResponse(agent: LlmAgent, calls: readonly { name?: string }[]): LlmResponse {
  const tools = [...new Set(calls.map((call) => call.name ?? ''))].join(', ')
  return {
    errorCode: TOOL_RETRIES_EXCEEDED,
    errorMessage: `Agent "${agent.name}" called ${tools} with invalid arguments ${agent.maxToolRetries + 1} times (maxToolRetries: ${agent.maxToolRetries}); the model is not asked again. Describe the parameters better in the tool's schema or the instruction, or raise maxToolRetries (fluent: .toolRetries(n)).`,
  }
}

function toEvent(
  agent: LlmAgent,
  ctx: InvocationContext,
  response: LlmResponse,
  id: string,
  actions: ReturnType<typeof createEventActions>,
): Event {
  // Object.assign rather than `{ ...response, id, … }`: in V8 11 (Node 20) a literal that adds keys after a spread
  // builds a fresh hidden class every time (~0.5 µs per added key).
  const event = createEvent(Object.assign({}, response, { id, invocationId: ctx.invocationId, author: agent.name }))
  // A partial event gets a snapshot, so later writes of the step never show up on a chunk a caller kept.
  event.actions = response.partial
    ? { ...actions, stateDelta: { ...actions.stateDelta }, artifactDelta: { ...actions.artifactDelta } }
    : actions
  if (ctx.branch !== undefined) event.branch = ctx.branch
  if (response.content) event.content = copyContent(response.content)
  return event
}

function copyContent(content: Content): Content {
  return {
    ...content,
    parts: (content.parts ?? []).map((part) =>
      part.functionCall ? { ...part, functionCall: { ...part.functionCall } } : part,
    ),
  }
}

/** A valid `set_model_response` call becomes the final answer: its arguments as JSON text, no tool run. */
function interceptSetModelResponse(agent: LlmAgent, event: Event): boolean {
  if (!agent.outputSchema) return false
  const call = getFunctionCalls(event).find((item) => item.name === SET_MODEL_RESPONSE_TOOL_NAME)
  if (!call) return false
  const json = JSON.stringify(call.args ?? {})
  if (!validateStructuredOutput(agent.outputSchema, json).ok) return false
  event.content = { role: 'model', parts: [{ text: json }] }
  event.actions.skipSummarization = true
  return true
}

function isStructuredCandidate(response: LlmResponse): boolean {
  const parts = response.content?.parts
  if (!parts || parts.length === 0) return false
  if (parts.some((part) => part.functionCall || part.functionResponse)) return false
  return parts.some((part) => typeof part.text === 'string' && !part.thought && part.text.trim().length > 0)
}

/**
 * Checks a structured answer; an invalid one gets exactly one repair round (the model sees its reply and what was
 * wrong), then a {@link ModelError} naming the agent.
 */
async function ensureStructuredOutput(
  agent: LlmAgent,
  ctx: InvocationContext,
  request: LlmRequest,
  response: LlmResponse,
  actions: ReturnType<typeof createEventActions>,
  alreadyRepaired: boolean,
): Promise<LlmResponse> {
  const schema = agent.outputSchema
  if (!schema) return response
  const text = visibleText(response)
  const first = validateStructuredOutput(schema, text)
  if (first.ok) return response
  if (alreadyRepaired) throw structuredOutputError(agent, ctx, first.problem)
  const repairRequest: LlmRequest = {
    ...request,
    contents: [
      ...request.contents,
      response.content as Content,
      {
        role: 'user',
        parts: [
          {
            text: usesSetModelResponse(agent)
              ? `Your previous reply could not be used: ${first.problem}. Give your final answer by calling the "${SET_MODEL_RESPONSE_TOOL_NAME}" function with arguments that match the schema.`
              : `Your previous reply could not be used: ${first.problem}. Reply again with only a JSON value that matches the required schema.`,
          },
        ],
      },
    ],
  }
  let repaired: LlmResponse | undefined
  for await (const candidate of callLlm(agent, ctx, repairRequest, actions))
    if (!candidate.partial) repaired = candidate
  if (!repaired || repaired.errorCode !== undefined) return repaired ?? response
  // A function call (set_model_response, or another tool) goes through the normal call handling.
  if (repaired.content?.parts?.some((part) => part.functionCall)) return repaired
  const second = validateStructuredOutput(schema, visibleText(repaired))
  if (!second.ok) throw structuredOutputError(agent, ctx, second.problem)
  return repaired
}

function structuredOutputError(agent: LlmAgent, ctx: InvocationContext, problem: string): ModelError {
  return new ModelError(
    `Agent "${agent.name}" did not return valid structured output after one repair round: ${problem}. Check the output schema and the instruction, or use a model that supports JSON mode.`,
    { agentName: agent.name, invocationId: ctx.invocationId },
  )
}

function visibleText(response: LlmResponse): string {
  return (response.content?.parts ?? [])
    .map((part) => (typeof part.text === 'string' && !part.thought ? part.text : ''))
    .join('')
}

function applyPlanner(
  agent: LlmAgent,
  ctx: InvocationContext,
  response: LlmResponse,
): { response: LlmResponse; stateEvent?: Event } | undefined {
  const planner = agent.planner
  const parts = response.content?.parts
  if (!planner || !parts || parts.length === 0) return undefined
  const actions = createEventActions()
  const callbackContext = new Context({ invocationContext: ctx, eventActions: actions })
  const processed = planner.processPlanningResponse(callbackContext, parts)
  const next = processed ? { ...response, content: { ...response.content, parts: processed } } : response
  if (!hasDelta(actions)) return { response: next }
  const stateEvent = createEvent({ invocationId: ctx.invocationId, author: agent.name, actions })
  if (ctx.branch !== undefined) stateEvent.branch = ctx.branch
  return { response: next, stateEvent }
}
