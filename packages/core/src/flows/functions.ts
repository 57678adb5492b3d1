import type { FunctionCall, FunctionResponse, Part } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { Context } from '../agents/context.js'
import type { Event } from '../events/event.js'
import { createEvent, getFunctionCalls } from '../events/event.js'
import { createEventActions, mergeEventActions, type ToolConfirmation } from '../events/event-actions.js'
import type { BaseTool } from '../tools/base-tool.js'
import { ConfigError } from '../errors/config-error.js'
import { endsTheRun } from '../errors/adk-fluent-error.js'
import { newFunctionCallId } from '../util/ids.js'
import { normalizeToolResult } from './normalize-tool-result.js'
import { untilAborted } from './until-aborted.js'
import { isInvalidArgumentsResult, markInvalidArgumentsResponse } from '../tools/invalid-arguments-message.js'
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from './contents/event-filter.js'

function copyArgs(args: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!args) return {}
  try {
    return structuredClone(args)
  } catch {
    return { ...args }
  }
}

/** Runs one function call through plugins, callbacks and the tool; `undefined` when a long-running tool gave nothing. */
async function executeCall(
  agent: LlmAgent,
  ctx: InvocationContext,
  call: FunctionCall,
  toolsDict: Readonly<Record<string, BaseTool>>,
  toolConfirmation: ToolConfirmation | undefined,
): Promise<Event | undefined> {
  const actions = createEventActions()
  const context = new Context({
    invocationContext: ctx,
    eventActions: actions,
    functionCallId: call.id,
    toolConfirmation,
  })
  const name = call.name ?? ''
  const tool = toolsDict[name]
  // A copy: callbacks and tools may edit their arguments, the stored call event keeps what the model sent.
  const args = copyArgs(call.args)
  let response: Record<string, unknown> | undefined
  if (!tool) {
    const available = Object.keys(toolsDict)
    response = {
      error: `Function ${name} is not found in the toolsDict. Available tools: ${available.length > 0 ? available.join(', ') : '(none)'}.`,
    }
  } else {
    response = await runTool(agent, ctx, tool, args, context)
    if (response === undefined && tool.isLongRunning) return undefined
  }
  const result = response ?? { result: null }
  // Two literals rather than `{ ...(id ? { id } : {}), name, response }`: keys added after a spread cost V8 11 a
  // fresh hidden class per object.
  const functionResponse = call.id ? { id: call.id, name, response: result } : { name, response: result }
  const event = createEvent({
    invocationId: ctx.invocationId,
    author: agent.name,
    content: { role: 'user', parts: [{ functionResponse }] },
  })
  event.actions = actions
  if (ctx.branch !== undefined) event.branch = ctx.branch
  return event
}

/** {@link executeCall} in an `execute_tool` span: the tool (and an agent tool's child run) runs in its context. */
async function executeTracedCall(
  agent: LlmAgent,
  ctx: InvocationContext,
  call: FunctionCall,
  toolsDict: Readonly<Record<string, BaseTool>>,
  toolConfirmation: ToolConfirmation | undefined,
): Promise<Event | undefined> {
  const tracing = ctx.tracing
  const traced = tracing?.startToolCall(agent.name, toolsDict[call.name ?? ''], call, ctx.traceContext)
  if (!tracing || !traced) return executeCall(agent, ctx, call, toolsDict, toolConfirmation)
  try {
    const event = await tracing.api.context.with(traced.context, () =>
      executeCall(agent, ctx.clone({ traceContext: traced.context }), call, toolsDict, toolConfirmation),
    )
    tracing.recordToolResult(traced, event?.content?.parts?.[0]?.functionResponse?.response)
    return event
  } catch (error) {
    tracing.recordError(traced, error)
    throw error
  } finally {
    traced.span.end()
  }
}

async function runTool(
  agent: LlmAgent,
  ctx: InvocationContext,
  tool: BaseTool,
  args: Record<string, unknown>,
  context: Context,
): Promise<Record<string, unknown> | undefined> {
  // Plugin hooks are awaited only when there are plugins (each await of an empty run costs promises and ticks).
  const manager = ctx.pluginManager
  let invalid = false
  let result: unknown =
    manager.plugins.length > 0
      ? await ctx.pluginManager.run('beforeToolCallback', { tool, toolArgs: args, toolContext: context }, ctx)
      : undefined
  if (result === undefined) {
    for (const callback of agent.beforeToolCallback) {
      result = await callback({ tool, args, context })
      if (result !== undefined) break
    }
  }
  if (result === undefined) {
    try {
      result = ctx.hooks?.runToolCall
        ? await runToolThroughHook(agent, ctx, tool, args, context)
        : await tool.runAsync({ args, toolContext: context })
      if (result === undefined && tool.isLongRunning) return undefined
      invalid = isInvalidArgumentsResult(result)
    } catch (caught) {
      // The runtime's own failures (an abort, a store a durable run's hook could not write to) end the run: the
      // model never sees them as the tool's error.
      if (endsTheRun(caught)) throw caught
      const error = caught instanceof Error ? caught : new Error(String(caught))
      // A failed call changes nothing: its pending state writes are dropped.
      for (const key of Object.keys(context.actions.stateDelta)) delete context.actions.stateDelta[key]
      result =
        manager.plugins.length > 0
          ? await manager.run('onToolErrorCallback', { tool, toolArgs: args, toolContext: context, error }, ctx)
          : undefined
      if (result === undefined) result = { error: error.message }
    }
  }
  let response = normalizeToolResult(result)
  const fromPlugin =
    manager.plugins.length > 0
      ? await ctx.pluginManager.run(
          'afterToolCallback',
          { tool, toolArgs: args, toolContext: context, result: response },
          ctx,
        )
      : undefined
  if (fromPlugin !== undefined) return normalizeToolResult(fromPlugin)
  for (const callback of agent.afterToolCallback) {
    const replaced = await callback({ tool, args, context, response })
    if (replaced !== undefined) {
      response = normalizeToolResult(replaced)
      return response
    }
  }
  if (invalid) markInvalidArgumentsResponse(response)
  return response
}

/** Runs the tool through the invocation's hook; a recorded outcome's actions are applied to the call's context. */
async function runToolThroughHook(
  agent: LlmAgent,
  ctx: InvocationContext,
  tool: BaseTool,
  args: Record<string, unknown>,
  context: Context,
): Promise<unknown> {
  const hook = ctx.hooks?.runToolCall
  if (!hook) return tool.runAsync({ args, toolContext: context })
  const functionCallId = context.functionCallId ?? ''
  const info = {
    agentName: agent.name,
    branch: ctx.branch,
    toolName: tool.name,
    functionCallId,
    idempotencyKey: context.idempotencyKey ?? `${ctx.invocationId}/${functionCallId}`,
  }
  const outcome = await hook.call(ctx.hooks, info, async () => ({
    result: await tool.runAsync({ args, toolContext: context }),
    actions: context.actions,
  }))
  if (outcome.actions !== context.actions) Object.assign(context.actions, outcome.actions)
  return outcome.result
}

/** Runs calls concurrently and merges their responses into one event, in call order; an abort stops the wait. */
async function executeCalls(
  agent: LlmAgent,
  ctx: InvocationContext,
  calls: readonly FunctionCall[],
  toolsDict: Readonly<Record<string, BaseTool>>,
  confirmations: ReadonlyMap<string, ToolConfirmation> = new Map(),
): Promise<Event | undefined> {
  const events = (
    await untilAborted(
      ctx,
      Promise.all(
        calls.map((call) =>
          ctx.tracing
            ? executeTracedCall(agent, ctx, call, toolsDict, call.id ? confirmations.get(call.id) : undefined)
            : executeCall(agent, ctx, call, toolsDict, call.id ? confirmations.get(call.id) : undefined),
        ),
      ),
    )
  ).filter((event): event is Event => event !== undefined)
  if (events.length === 0) return undefined
  if (events.length === 1) return events[0]
  const [first] = events as [Event, ...Event[]]
  const mergedEvent = createEvent({
    invocationId: first.invocationId,
    author: first.author,
    timestamp: first.timestamp,
    content: { role: 'user', parts: events.flatMap((event) => event.content?.parts ?? []) },
  })
  mergedEvent.actions = mergeEventActions(events.map((event) => event.actions))
  if (first.branch !== undefined) mergedEvent.branch = first.branch
  return mergedEvent
}

/** True when a function response of the event answers a call whose arguments the tool's schema rejected. */
export function answersInvalidArguments(event: Event): boolean {
  return (event.content?.parts ?? []).some(
    (part) => part.functionResponse?.response !== undefined && isInvalidArgumentsResult(part.functionResponse.response),
  )
}

/**
 * Handles the function calls of a model event: runs the tools, yields the response event (or, when a tool asks for
 * confirmation, the `adk_request_confirmation` event and ends the invocation), then runs a transfer target if one
 * was requested.
 */
export async function* handleFunctionCalls(
  agent: LlmAgent,
  ctx: InvocationContext,
  callEvent: Event,
  toolsDict: Readonly<Record<string, BaseTool>>,
): AsyncGenerator<Event, void, undefined> {
  const calls = getFunctionCalls(callEvent)
  const responseEvent = await executeCalls(agent, ctx, calls, toolsDict)
  if (!responseEvent) return
  const requested = responseEvent.actions.requestedToolConfirmations
  const confirmationIds = Object.keys(requested)
  if (confirmationIds.length > 0) {
    yield* confirmationEvents(agent, ctx, calls, responseEvent, confirmationIds)
    return
  }
  yield responseEvent
  if (responseEvent.actions.transferToAgent) yield* runTransfer(agent, ctx, responseEvent)
}

function* confirmationEvents(
  agent: LlmAgent,
  ctx: InvocationContext,
  calls: readonly FunctionCall[],
  responseEvent: Event,
  confirmationIds: readonly string[],
): Generator<Event, void, undefined> {
  const pending = new Set(confirmationIds)
  const otherParts = (responseEvent.content?.parts ?? []).filter(
    (part) => !pending.has(part.functionResponse?.id ?? ''),
  )
  if (otherParts.length > 0) {
    const others = createEvent({
      invocationId: ctx.invocationId,
      author: agent.name,
      content: { role: 'user', parts: otherParts },
    })
    if (ctx.branch !== undefined) others.branch = ctx.branch
    yield others
  }
  const parts: Part[] = []
  const ids: string[] = []
  for (const id of confirmationIds) {
    const original = calls.find((call) => call.id === id)
    if (!original) continue
    const requestId = ctx.hooks?.newFunctionCallId ? ctx.hooks.newFunctionCallId() : newFunctionCallId()
    ids.push(requestId)
    parts.push({
      functionCall: {
        id: requestId,
        name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
        args: {
          originalFunctionCall: original,
          toolConfirmation: responseEvent.actions.requestedToolConfirmations[id],
        },
      },
    })
  }
  const event = createEvent({
    invocationId: ctx.invocationId,
    author: agent.name,
    content: { role: 'user', parts },
    longRunningToolIds: ids,
  })
  event.actions = { ...responseEvent.actions }
  if (ctx.branch !== undefined) event.branch = ctx.branch
  ctx.endInvocation = true
  yield event
}

async function* runTransfer(
  agent: LlmAgent,
  ctx: InvocationContext,
  responseEvent: Event,
): AsyncGenerator<Event, void, undefined> {
  const targetName = responseEvent.actions.transferToAgent
  if (!targetName) return
  const target = agent.rootAgent.findAgent(targetName)
  if (!target) {
    throw new ConfigError(
      [
        {
          code: 'agent_not_found',
          // No path and no hint: the event's errorMessage is this sentence, as ADK words it.
          path: [],
          message: `Agent ${targetName} not found in the agent tree.`,
        },
      ],
      { agentName: agent.name, invocationId: ctx.invocationId },
    )
  }
  ctx.incrementTransferCount(targetName)
  yield* target.runAsync(ctx)
}

/** Parses a confirmation the user sent back: the object itself, or `{ response: "<json>" }`. */
function parseConfirmation(response: Record<string, unknown> | undefined): ToolConfirmation {
  let value: unknown = response
  if (response && typeof response['response'] === 'string' && Object.keys(response).length === 1) {
    try {
      value = JSON.parse(response['response'])
    } catch {
      value = {}
    }
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const confirmation: ToolConfirmation = {
    hint: typeof record['hint'] === 'string' ? record['hint'] : '',
    confirmed: record['confirmed'] === true,
  }
  if (record['payload'] !== undefined) confirmation.payload = record['payload']
  return confirmation
}

/**
 * Resumes tool calls that waited for the user's confirmation: when the latest user event answers
 * `adk_request_confirmation` calls of this agent, the original calls run again with the decision (once).
 */
export async function* resumeConfirmedCalls(
  agent: LlmAgent,
  ctx: InvocationContext,
  toolsDict: () => Promise<Readonly<Record<string, BaseTool>>>,
): AsyncGenerator<Event, void, undefined> {
  const found = confirmationAnswers(ctx)
  if (!found) return
  const { userIndex, answers } = found
  const events = ctx.session.events
  const confirmations = new Map<string, ToolConfirmation>()
  const originals: FunctionCall[] = []
  for (const answer of answers) {
    for (let index = userIndex - 1; index >= 0; index--) {
      const event = events[index] as Event
      const request = getFunctionCalls(event).find((call) => call.id === answer?.id)
      if (!request) continue
      if (event.author !== agent.name) break
      const original = (request.args as { originalFunctionCall?: FunctionCall } | undefined)?.originalFunctionCall
      if (original?.id && !hasResponseAfter(events, index, original.id)) {
        confirmations.set(original.id, parseConfirmation(answer?.response as Record<string, unknown> | undefined))
        originals.push(original)
      }
      break
    }
  }
  if (originals.length === 0) return
  const responseEvent = await executeCalls(agent, ctx, originals, await toolsDict(), confirmations)
  if (responseEvent) yield responseEvent
}

/** The latest user event of this invocation, when it answers `adk_request_confirmation` calls, and those answers. */
function confirmationAnswers(
  ctx: InvocationContext,
): { userIndex: number; answers: (FunctionResponse | undefined)[] } | undefined {
  const events = ctx.session.events
  let userIndex = -1
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (event.author === 'user' && (!ctx.branch || !event.branch || event.branch === ctx.branch)) {
      userIndex = index
      break
    }
    if (event.author !== 'user' && event.invocationId !== ctx.invocationId) break
  }
  if (userIndex < 0) return undefined
  const answers = (events[userIndex]?.content?.parts ?? [])
    .map((part) => part.functionResponse)
    .filter((response) => response?.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME && response.id)
  return answers.length > 0 ? { userIndex, answers } : undefined
}

/** True when {@link resumeConfirmedCalls} has something to resume (a cheap check that needs no generator). */
export function hasConfirmationAnswers(ctx: InvocationContext): boolean {
  return confirmationAnswers(ctx) !== undefined
}

function hasResponseAfter(events: readonly Event[], start: number, callId: string): boolean {
  for (let index = start + 1; index < events.length; index++) {
    for (const part of events[index]?.content?.parts ?? []) if (part.functionResponse?.id === callId) return true
  }
  return false
}

/**
 * Runs one call of `tool` for a caller that is not an LlmAgent (a workflow's `ToolNode`): plugins, durable-run hooks,
 * tracing and error handling as for a call a model made; the response event is authored by `author`.
 */
export function executeToolCall(
  author: string,
  ctx: InvocationContext,
  call: FunctionCall,
  tool: BaseTool,
): Promise<Event | undefined> {
  // Only `name` and the tool-callback lists of the caller are read on this path.
  const caller = { name: author, beforeToolCallback: [], afterToolCallback: [] } as unknown as LlmAgent
  const tools = { [tool.name]: tool }
  return ctx.tracing
    ? executeTracedCall(caller, ctx, call, tools, undefined)
    : executeCall(caller, ctx, call, tools, undefined)
}
