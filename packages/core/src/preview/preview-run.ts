import type { Content } from '../models/genai-types.js'
import { isBaseAgent, type BaseAgent } from '../agents/base-agent.js'
import { agentChildren } from '../workflow/agent-children.js'
import { nodesOnCycles } from '../workflow/graph-cycles.js'
import { isWorkflow } from '../workflow/is-workflow.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { isLlmAgent } from '../agents/is-llm-agent.js'
import { LoopAgent } from '../agents/loop-agent.js'
import { defaultModelName, type LlmAgent } from '../agents/llm-agent.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js'
import type { MemoryEntry } from '../memory/memory-entry.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import type { Event } from '../events/event.js'
import { BaseLlm, isBaseLlm } from '../models/base-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { snapshotLlmRequest, type ScriptEntry } from '../models/script-step.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { Runner } from '../runner/runner.js'
import { isAgentTool } from '../tools/agent-tool.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { isTempKey } from '../sessions/state-prefix.js'
import { PreviewRounds } from './preview-rounds.js'
import { StandInReplies, type PreviewReplySource } from './stand-in-replies.js'

/** The user message of a preview that names none. */
export const PREVIEW_USER_MESSAGE = '⟨user message⟩'

/** What {@link previewRun} runs the agent tree on. */
export interface PreviewRunOptions {
  /** Session state at the start of the turn (`temp:` keys reach the turn like a run's `stateDelta`). */
  state?: Readonly<Record<string, unknown>>
  /** The user's message for the turn (default {@link PREVIEW_USER_MESSAGE}). */
  userMessage?: string | Content
  /** Earlier events of the session (history). */
  events?: readonly Event[]
  /**
   * Replies per agent name, in the shapes `ScriptedLlm` takes (`'text'`, `text()`, `call()`, an `LlmResponse`, an
   * `Error`, or a function of the request). An agent with replies must have one for each of its calls; agents without
   * get placeholders. Tools run only when a reply calls them.
   */
  replies?: Readonly<Record<string, readonly ScriptEntry[]>>
  /** Plugins the run would have. */
  plugins?: readonly BasePlugin[]
  /**
   * The user's long-term memories (strings or `MemoryEntry`s): the run's memory service holds them, so `load_memory`
   * answers from them and `preload_memory` adds those matching the message to the request. Default: none.
   */
  memories?: readonly (string | MemoryEntry)[]
  /** Branch the first agent runs on (as inside a `ParallelAgent`). */
  branch?: string
  /** Stop after this many model calls (the rest of the run does not happen). */
  maxCalls?: number
  /** Model calls allowed before the preview stops as a run would (`runConfig.maxLlmCalls`, default 500). */
  maxLlmCalls?: number
}

/** One model call of a previewed run. */
export interface PreviewCall {
  /** Position in the run, 1-based. */
  readonly index: number
  /** The agent that called its model. */
  readonly agent: string
  /** This agent's call number, 1-based (a tool round or a loop round makes another call). */
  readonly callNumber: number
  /** The agent's branch (inside a `ParallelAgent`), or `undefined`. */
  readonly branch: string | undefined
  /** The round of the innermost loop the agent runs in (1-based), or `undefined` outside loops. */
  readonly round: number | undefined
  /** Session state (with the turn's `temp:` values) when the call was made; a copy. */
  readonly state: Readonly<Record<string, unknown>>
  /** The request exactly as the model received it (after callbacks and plugins). */
  readonly request: LlmRequest
  /** The stand-in's reply. */
  readonly reply: LlmResponse
  /** `'replies'` when it came from `options.replies`, `'placeholder'` when it was generated. */
  readonly replySource: PreviewReplySource
}

/** What a previewed run recorded. */
export interface PreviewRunResult {
  /** Every model call, in the order the calls were made. */
  readonly calls: readonly PreviewCall[]
  /** Every non-partial event of the run, user message included. */
  readonly events: readonly Event[]
  /** Session state after the run (session-scoped, `app:` and `user:` keys). */
  readonly state: Readonly<Record<string, unknown>>
}

/** Thrown inside the run to stop it after `maxCalls`; never leaves {@link previewRun}. */
class PreviewStop extends Error {}

/**
 * Runs an agent tree through the real {@link Runner} with a stand-in model in place of every `LlmAgent`'s model,
 * and records each model request: the same processors, flows, callbacks, plugins, routes, loops and fan-outs as a
 * run. No real model is called and no network connection is opened; the agents are not modified (the stand-in is
 * a run-scoped `runConfig.modelOverride`). Replies are `⟨agent's reply⟩` placeholders, schema-satisfying JSON for
 * agents with an output schema, or the per-agent `replies` given.
 *
 * @example
 * const { calls } = await previewRun(pipeline, { state: { topic: 'cats' }, userMessage: 'hi' })
 * for (const call of calls) console.log(call.agent, call.request.config.systemInstruction)
 */
export async function previewRun(agent: BaseAgent, options: PreviewRunOptions = {}): Promise<PreviewRunResult> {
  const sessionService = new InMemorySessionService()
  const state = { ...options.state }
  const session = await sessionService.createSession({ appName: 'preview', userId: 'preview', state })
  for (const event of options.events ?? [])
    await sessionService.appendEvent({ session, event: { ...event, actions: { ...event.actions } } })
  const temp: Record<string, unknown> = {}
  let hasTemp = false
  for (const key in state) {
    if (!isTempKey(key)) continue
    temp[key] = state[key]
    hasTemp = true
  }
  // The observer plugin only where it has something to observe: plugins make every agent run its callback path.
  const cyclic = new Set<BaseAgent>()
  const rounds =
    options.branch !== undefined || containsLoop(agent, cyclic) ? new PreviewRounds(options.branch, cyclic) : undefined
  const replies = new StandInReplies(options.replies)
  const calls: PreviewCall[] = []
  const perAgent = new Map<string, number>()
  const stop = options.maxCalls === undefined ? undefined : new AbortController()
  const record = async (target: LlmAgent, ctx: InvocationContext, request: LlmRequest): Promise<LlmResponse> => {
    const callNumber = (perAgent.get(target.name) ?? 0) + 1
    perAgent.set(target.name, callNumber)
    const snapshot = snapshotLlmRequest(request)
    const callState = copyState({ ...ctx.session.state, ...ctx.tempState })
    const { reply, source } = await replies.next(target, callNumber, snapshot)
    calls.push({
      index: calls.length + 1,
      agent: target.name,
      callNumber,
      branch: ctx.branch,
      round: rounds?.roundOf(target),
      state: callState,
      request: snapshot,
      reply,
      replySource: source,
    })
    if (stop && options.maxCalls !== undefined && calls.length >= options.maxCalls) stop.abort(new PreviewStop())
    return reply
  }
  const names = new Map<LlmAgent, string>()
  const memoryService = new InMemoryMemoryService()
  if (options.memories?.length)
    await memoryService.addMemory({ appName: 'preview', userId: session.userId, memories: options.memories })
  const runner = new Runner({
    appName: 'preview',
    agent,
    sessionService,
    artifactService: new InMemoryArtifactService(),
    memoryService,
    plugins: [...(rounds ? [rounds] : []), ...(options.plugins ?? [])],
  })
  const message = options.userMessage ?? PREVIEW_USER_MESSAGE
  const newMessage: Content = typeof message === 'string' ? { role: 'user', parts: [{ text: message }] } : message
  const run = runner.runAsync({
    userId: session.userId,
    sessionId: session.id,
    newMessage,
    ...(hasTemp ? { stateDelta: temp } : {}),
    ...(stop ? { abortSignal: stop.signal } : {}),
    runConfig: {
      ...(options.maxLlmCalls !== undefined ? { maxLlmCalls: options.maxLlmCalls } : {}),
      preview: true,
      modelOverride: (target, ctx) => {
        let name = names.get(target)
        if (name === undefined) names.set(target, (name = modelNameOf(target)))
        return new StandInLlm(name, (request) => record(target, ctx, request))
      },
    },
  })
  try {
    for await (const _ of run);
  } catch (error) {
    if (!stop?.signal.aborted || !(stop.signal.reason instanceof PreviewStop)) throw explain(error, calls.length)
  }
  const final = await sessionService.getSession({ appName: 'preview', userId: session.userId, sessionId: session.id })
  return { calls, events: (final?.events ?? []).slice(options.events?.length ?? 0), state: { ...final?.state } }
}

/** The model name a run would put in the request, found without creating a model. */
function modelNameOf(agent: LlmAgent): string {
  for (let current: BaseAgent | undefined = agent; current; current = current.parentAgent) {
    if (!isLlmAgent(current)) continue
    if (isBaseLlm(current.model)) return current.model.model
    if (typeof current.model === 'string' && current.model.length > 0) return current.model
  }
  return defaultModelName()
}

/** A copy of the state: strings and numbers as they are, objects deep-copied (a tool may change one in place). */
function copyState(state: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const key in state) {
    const value = state[key]
    copy[key] = typeof value === 'object' && value !== null ? cloned(value) : value
  }
  return copy
}

function cloned(value: object): unknown {
  try {
    return structuredClone(value)
  } catch {
    return value
  }
}

/** True when the tree has a loop (a `LoopAgent`, or a cycle of a workflow graph, whose agents go into `cyclic`). */
function containsLoop(agent: BaseAgent, cyclic: Set<BaseAgent>): boolean {
  let found = agent instanceof LoopAgent
  if (isWorkflow(agent) && agent.graph) {
    for (const node of nodesOnCycles(agent.graph)) {
      found = true
      if (isBaseAgent(node)) cyclic.add(node)
    }
  }
  for (const child of agentChildren(agent)) if (containsLoop(child, cyclic)) found = true
  if (isLlmAgent(agent)) {
    for (const tool of agent.tools) if (isAgentTool(tool) && containsLoop(tool.agent, cyclic)) found = true
  }
  return found
}

function explain(error: unknown, callCount: number): unknown {
  if (AdkFluentError.isInstance(error) && error.code === 'MAX_TURNS' && /llm calls/i.test(error.message)) {
    return new MaxTurnsError(
      `The preview made ${callCount} model calls without the run ending: with stand-in replies a loop (or a tool round) never stops. Give replies that end it (for example call('exit_loop') for the loop's checker, or the answer a workflow's routing node leaves the cycle on), or give the loop a maxIterations (a workflow a maxSteps).`,
      { cause: error },
    )
  }
  return error
}

/** The stand-in model: hands each request to the preview's recorder and yields its reply. */
class StandInLlm extends BaseLlm {
  readonly #answer: (request: LlmRequest) => Promise<LlmResponse>

  constructor(model: string, answer: (request: LlmRequest) => Promise<LlmResponse>) {
    super({ model })
    this.#answer = answer
  }

  async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    yield await this.#answer(request)
  }
}
