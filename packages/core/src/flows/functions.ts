import type { FunctionCall } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { Context } from '../agents/context.js'
import type { Event } from '../events/event.js'
import { createEvent, getFunctionCalls } from '../events/event.js'
import { createEventActions, hasDelta, mergeEventActions, type ToolConfirmation } from '../events/event-actions.js'
import type { BaseTool } from '../tools/base-tool.js'
import { ConfigError } from '../errors/config-error.js'
import { endsTheRun } from '../errors/adk-fluent-error.js'
import { normalizeToolResult } from './normalize-tool-result.js'
import { untilAborted } from './until-aborted.js'
import { isInvalidArgumentsResult, markInvalidArgumentsResponse } from '../tools/invalid-arguments-message.js'
import { isRequestInput, type RequestInput } from '../pause/request-input.js'
import { InputRequested, interruptEvents, pauseAgent } from './interrupt-events.js'
import { createRequestInputEvent } from '../pause/request-input-event.js'

function copyArgs(args: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!args) return {}
  try {
    return structuredClone(args)
  } catch {
    return { ...args }
  }
}

/**
 * Runs one function call through plugins, callbacks and the tool: its response event; an {@link InputRequested} when
 * the tool returned a `RequestInput`; `undefined` when a long-running tool gave nothing and wrote nothing (when it
 * wrote state, an event without content carries it).
 */
async function executeCall(
  agent: LlmAgent,
  ctx: InvocationContext,
  call: FunctionCall,
  toolsDict: Readonly<Record<string, BaseTool>>,
  toolConfirmation: ToolConfirmation | undefined,
): Promise<Event | InputRequested | undefined> {
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
  let response: Record<string, unknown> | RequestInput | undefined
  if (!tool) {
    const available = Object.keys(toolsDict)
    response = {
      error: `Function ${name} is not found in the toolsDict. Available tools: ${available.length > 0 ? available.join(', ') : '(none)'}.`,
    }
  } else {
    response = await runTool(agent, ctx, tool, args, context)
    if (isRequestInput(response)) return new InputRequested(call, response, actions)
    if (response === undefined && tool.isLongRunning) return actionsOnlyEvent(agent, ctx, actions)
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

/** The event of a long-running call that answered nothing yet but wrote state or asked for something (no content). */
function actionsOnlyEvent(agent: LlmAgent, ctx: InvocationContext, actions: Event['actions']): Event | undefined {
  if (
    !hasDelta(actions) &&
    Object.keys(actions.requestedToolConfirmations).length === 0 &&
    Object.keys(actions.requestedAuthConfigs).length === 0
  )
    return undefined
  const event = createEvent({ invocationId: ctx.invocationId, author: agent.name })
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
): Promise<Event | InputRequested | undefined> {
  const tracing = ctx.tracing
  const traced = tracing?.startToolCall(agent.name, toolsDict[call.name ?? ''], call, ctx.traceContext)
  if (!tracing || !traced) return executeCall(agent, ctx, call, toolsDict, toolConfirmation)
  try {
    const event = await tracing.api.context.with(traced.context, () =>
      executeCall(agent, ctx.clone({ traceContext: traced.context }), call, toolsDict, toolConfirmation),
    )
    if (!(event instanceof InputRequested))
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
): Promise<Record<string, unknown> | RequestInput | undefined> {
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
      // ADK: a long-running tool that returns nothing (`undefined` or `null`) gives no response yet.
      if (result == null && tool.isLongRunning) return undefined
      // A request for input: no response until the user replies (after-tool callbacks see nothing yet).
      if (isRequestInput(result)) return result
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

/**
 * Runs calls concurrently and merges their responses into one event, in call order; an abort stops the wait. Calls
 * whose tool returned a `RequestInput` are added to `inputs` instead.
 */
async function executeCalls(
  agent: LlmAgent,
  ctx: InvocationContext,
  calls: readonly FunctionCall[],
  toolsDict: Readonly<Record<string, BaseTool>>,
  confirmations: ReadonlyMap<string, ToolConfirmation> | undefined,
  inputs: InputRequested[],
): Promise<Event | undefined> {
  const results = await untilAborted(
    ctx,
    Promise.all(
      calls.map((call) =>
        ctx.tracing
          ? executeTracedCall(agent, ctx, call, toolsDict, call.id ? confirmations?.get(call.id) : undefined)
          : executeCall(agent, ctx, call, toolsDict, call.id ? confirmations?.get(call.id) : undefined),
      ),
    ),
  )
  const events: Event[] = []
  for (const result of results) {
    if (result instanceof InputRequested) inputs.push(result)
    else if (result !== undefined) events.push(result)
  }
  if (events.length === 0) return undefined
  if (events.length === 1) return events[0]
  const [first] = events as [Event, ...Event[]]
  const parts = events.flatMap((event) => event.content?.parts ?? [])
  const mergedEvent = createEvent({
    invocationId: first.invocationId,
    author: first.author,
    timestamp: first.timestamp,
    ...(parts.length > 0 ? { content: { role: 'user', parts } } : {}),
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
 * Handles function calls of a model event (all of them, or `calls`, with the users' `confirmations` when resuming):
 * runs the tools, yields the response event, then runs a transfer target if one was requested. A call that asks the
 * user (a confirmation, a `RequestInput`) pauses: the other calls' responses are yielded, then one event with every
 * request (`adk_request_confirmation`, `adk_request_input`), and the agent pauses. In a resumable run a step with a
 * long-running call pauses too, after its responses.
 */
export async function* handleFunctionCalls(
  agent: LlmAgent,
  ctx: InvocationContext,
  callEvent: Event,
  toolsDict: Readonly<Record<string, BaseTool>>,
  calls: readonly FunctionCall[] = getFunctionCalls(callEvent),
  confirmations?: ReadonlyMap<string, ToolConfirmation>,
): AsyncGenerator<Event, void, undefined> {
  const inputs: InputRequested[] = []
  const responseEvent = await executeCalls(agent, ctx, calls, toolsDict, confirmations, inputs)
  const requested = responseEvent ? Object.keys(responseEvent.actions.requestedToolConfirmations) : []
  if (requested.length > 0 || inputs.length > 0) {
    yield* interruptEvents(agent, ctx, calls, responseEvent, requested, inputs)
    return
  }
  if (responseEvent) yield responseEvent
  const longRunning = callEvent.longRunningToolIds
  if (ctx.progress && longRunning && calls.some((call) => call.id && longRunning.includes(call.id))) {
    pauseAgent(ctx)
    return
  }
  if (responseEvent?.actions.transferToAgent) yield* runTransfer(agent, ctx, responseEvent)
}

/** Runs the agent a response event transfers to (found from the root), in this invocation. */
export async function* runTransfer(
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
  const done = ctx.tracing
    ? executeTracedCall(caller, ctx, call, tools, undefined)
    : executeCall(caller, ctx, call, tools, undefined)
  // A tool that asks for input pauses its node with the interrupt event (its id long-running).
  return done.then((result) => (result instanceof InputRequested ? inputRequestEvent(author, ctx, result) : result))
}

/** The `adk_request_input` event a tool's `RequestInput` pauses with, carrying what the call wrote. */
function inputRequestEvent(author: string, ctx: InvocationContext, input: InputRequested): Event {
  const event = createRequestInputEvent(
    input.request,
    { invocationId: ctx.invocationId, author, branch: ctx.branch },
    input.call,
  )
  event.actions = input.actions
  return event
}
