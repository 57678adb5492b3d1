import type { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { Context } from '../agents/context.js'
import type { EventActions } from '../events/event-actions.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { endsTheRun } from '../errors/adk-fluent-error.js'
import { ModelError } from '../errors/runtime-errors.js'
import { resolveModel } from './resolve-model.js'
import { untilAborted } from './until-aborted.js'
import { runPluginHook } from '../plugins/plugin-manager.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { scopedPlugins } from '../plugins/scoped-plugins.js'
import { retryPlacement, type RetryPlacement } from '../plugins/middleware/retry-plugin.js'
import { waitBeforeRetry } from '../models/retry.js'
import type { RunTracing } from '../telemetry/run-tracing.js'
import {
  breachAfterModelCall,
  breachBeforeModelCall,
  USAGE_LIMIT_EXCEEDED,
  usageLimitMessage,
  type UsageLimitBreach,
} from '../usage/usage-limits.js'

/**
 * Calls the model for one step: before-model callbacks (plugins first; a returned response replaces the call),
 * the call itself (counted against `maxLlmCalls` and `usageLimits`, traced, raced against the abort signal), then
 * after-model callbacks on every response. With a `RetryPlugin` (`M.retry`) a retryable failure is followed by another
 * attempt, each one such a call of its own, after the wait `RetryPlugin.retryDelayMs` gives (cut short by an abort).
 * A model error becomes an error response (`errorCode`/`errorMessage`) unless a plugin supplies a replacement; aborts
 * propagate. Callbacks share `actions`, so their state writes land in the step's model event.
 */
export async function* callLlm(
  agent: LlmAgent,
  ctx: InvocationContext,
  request: LlmRequest,
  actions: EventActions,
): AsyncGenerator<LlmResponse, void, undefined> {
  const callbackContext = new Context({ invocationContext: ctx, eventActions: actions })
  const pluginList = scopedPlugins(agent, ctx.pluginManager.plugins)
  const plugins = pluginList.length > 0 ? pluginList : undefined
  let early: LlmResponse | undefined = plugins
    ? await runPluginHook(plugins, 'beforeModelCallback', { callbackContext, llmRequest: request }, ctx)
    : undefined
  if (!early) {
    for (const callback of agent.beforeModelCallback) {
      const result = await callback({ context: callbackContext, request })
      if (result) {
        early = result
        break
      }
    }
  }
  if (early) {
    yield early
    return
  }
  const retry = plugins ? retryPlacement(plugins) : undefined
  for (let attempt = 1; ; attempt++) {
    // A usage limit stopped the run (in another branch, say): no more model calls, the agent's flow ends.
    if (ctx.stopped) return
    const limits = ctx.runConfig.usageLimits
    const before = limits ? breachBeforeModelCall(ctx.usage, limits) : undefined
    if (before) {
      yield limitResponse(ctx, before)
      return
    }
    ctx.incrementLlmCallCount()
    ctx.usage.addModelCall(agent.name)
    const model = resolveModel(agent, ctx)
    const stream = ctx.runConfig.streamingMode === 'sse'
    const hook = ctx.hooks?.runModelCall
    const responses = hook
      ? replay(
          hook.call(ctx.hooks, { agentName: agent.name, branch: ctx.branch }, () =>
            collect(model.generateContentAsync(request, stream, ctx.abortSignal)),
          ),
        )
      : model.generateContentAsync(request, stream, ctx.abortSignal)
    const traced = ctx.tracing?.startModelCall(agent.name, model.model, request, ctx.traceContext)
    // Traced: the model's own work (an instrumented fetch, say) runs in the `chat` span's context.
    let spanEnded = false
    const pull = traced
      ? () => (ctx.tracing as RunTracing).api.context.with(traced.context, () => responses.next())
      : undefined
    let yielded = false
    let retryInMs: number | undefined
    try {
      for (;;) {
        // A model that ignores the abort signal cannot hold an aborted run: its late answer is dropped.
        const pending = pull ? pull() : responses.next()
        const next = ctx.abortSignal ? await untilAborted(ctx, pending) : await pending
        if (next.done) return
        const response = next.value
        yielded = true
        // The span ends with the call's complete response (not when the caller is done with it: tools run in between).
        if (traced && !response.partial && !spanEnded) {
          ctx.tracing?.recordModelResponse(traced, response)
          traced.span.end()
          spanEnded = true
        }
        if (response.usageMetadata && !response.partial) ctx.usage.addTokens(agent.name, response.usageMetadata)
        // Over a token limit: the response is kept (it was paid for), its tool calls are not run, the run stops.
        const after =
          limits && response.usageMetadata && !response.partial && !ctx.stopped
            ? breachAfterModelCall(ctx.usage, limits)
            : undefined
        if (after) ctx.stopRun()
        // Without after-model callbacks or plugins there is nothing to await.
        yield plugins || agent.afterModelCallback.length > 0
          ? await afterModel(agent, callbackContext, response, plugins)
          : response
        if (after) {
          void responses.return(undefined).catch(() => undefined)
          yield limitResponse(ctx, after)
          return
        }
      }
    } catch (caught) {
      if (traced && !spanEnded) ctx.tracing?.recordError(traced, caught)
      if (ctx.abortSignal?.aborted) void responses.return(undefined).catch(() => undefined)
      // Aborts, configuration mistakes (such as a scripted model that ran out of replies), failed stores (a durable
      // run's hook that could not record the call) are not model failures: they end the run.
      if (endsTheRun(caught)) throw caught
      if (ctx.abortSignal?.aborted) throw caught
      const error = caught instanceof Error ? caught : new Error(String(caught))
      // Plugins placed before `M.retry` see every failed attempt (and may answer for it); `M.retry` then decides
      // whether to call again (a failed call that yielded nothing, as a model call of its own: counted, traced);
      // the plugins after it see only the failure it gives up on.
      let answer =
        retry && plugins
          ? await pluginAnswer(plugins.slice(0, retry.index), callbackContext, request, error)
          : undefined
      if (!answer) {
        retryInMs = retry && !yielded && !ctx.stopped ? retry.plugin.retryDelayMs(caught, attempt) : undefined
        if (retryInMs === undefined)
          answer = await pluginAnswer(
            retry && plugins ? plugins.slice(retry.index + 1) : plugins,
            callbackContext,
            request,
            error,
          )
      }
      if (retryInMs === undefined) {
        yield answer ? await afterModel(agent, callbackContext, answer, plugins) : errorResponse(error)
        return
      }
    } finally {
      if (traced && !spanEnded) traced.span.end()
    }
    // No wait for a retry a usage limit refuses: the loop's check ends the call at once.
    if (!(limits && breachBeforeModelCall(ctx.usage, limits))) {
      await waitBeforeRetry(retryInMs, (retry as RetryPlacement).plugin.options.sleep, ctx.abortSignal)
    }
  }
}

/** The response the first of `plugins` to answer for a failed model call gives instead of the error, if any. */
async function pluginAnswer(
  plugins: readonly BasePlugin[] | undefined,
  callbackContext: Context,
  request: LlmRequest,
  error: Error,
): Promise<LlmResponse | undefined> {
  if (!plugins || plugins.length === 0) return undefined
  return runPluginHook(
    plugins,
    'onModelErrorCallback',
    { callbackContext, llmRequest: request, error },
    callbackContext.invocationContext,
  )
}

/** Every response of a model call, in order (for a hook that runs the whole call as one step). */
async function collect(responses: AsyncGenerator<LlmResponse, void, undefined>): Promise<LlmResponse[]> {
  const all: LlmResponse[] = []
  for await (const response of responses) all.push(response)
  return all
}

/** Yields a hook's responses one by one, as the model would have. */
async function* replay(responses: Promise<LlmResponse[]>): AsyncGenerator<LlmResponse, void, undefined> {
  yield* await responses
}

async function afterModel(
  agent: LlmAgent,
  callbackContext: Context,
  response: LlmResponse,
  plugins: readonly BasePlugin[] | undefined,
): Promise<LlmResponse> {
  if (plugins) {
    const fromPlugin = await runPluginHook(
      plugins,
      'afterModelCallback',
      { callbackContext, llmResponse: response },
      callbackContext.invocationContext,
    )
    if (fromPlugin) return fromPlugin
  }
  for (const callback of agent.afterModelCallback) {
    const result = await callback({ context: callbackContext, response })
    if (result) return result
  }
  return response
}

/** The response that stops a run at a usage limit (the whole invocation stops after it). */
export function limitResponse(ctx: InvocationContext, breach: UsageLimitBreach): LlmResponse {
  ctx.stopRun()
  return { errorCode: USAGE_LIMIT_EXCEEDED, errorMessage: usageLimitMessage(breach) }
}

/** An error response for a failed model call: `{error:{code,message}}` JSON messages are unpacked. */
export function errorResponse(error: Error): LlmResponse {
  try {
    const parsed = JSON.parse(error.message) as { error?: { code?: unknown; message?: unknown } }
    if (parsed.error && (parsed.error.code !== undefined || parsed.error.message !== undefined)) {
      return {
        errorCode: String(parsed.error.code ?? 'UNKNOWN_ERROR'),
        errorMessage: String(parsed.error.message ?? ''),
      }
    }
  } catch {
    // not JSON: fall through
  }
  if (ModelError.isInstance(error) && (error as ModelError).errorCode !== undefined) {
    // A code the model client chose (HTTP status, ECONNREFUSED, MISSING_CREDENTIALS, MALFORMED_RESPONSE, …).
    return { errorCode: (error as ModelError).errorCode as string, errorMessage: error.message }
  }
  if (ModelError.isInstance(error) && (error as ModelError).status !== undefined) {
    return { errorCode: String((error as ModelError).status), errorMessage: error.message }
  }
  return { errorCode: 'UNKNOWN_ERROR', errorMessage: error.message }
}
