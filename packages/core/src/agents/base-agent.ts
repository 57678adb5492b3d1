import type { Content } from '../models/genai-types.js'
import type { Event } from '../events/event.js'
import { createEvent } from '../events/event.js'
import { createEventActions, hasDelta } from '../events/event-actions.js'
import type { InvocationContext } from './invocation-context.js'
import { Context } from './context.js'
import { noItems, toCallbackList, type AgentCallback, type SingleAgentCallback } from './agent-callbacks.js'
import { ConfigError, type ConfigIssueInit } from '../errors/config-error.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import type { TraceSpan } from '../telemetry/run-tracing.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { describeValue } from '../util/describe-value.js'
import { isLlmAgent as llmAgentBrandCheck } from './is-llm-agent.js'
import { BaseNode, type BaseNodeConfig } from '../workflow/base-node.js'
import type { NodeContext } from '../workflow/node-context.js'
import {
  agentPath,
  ambiguousTransferIssues,
  callbackIssues,
  optionsIssue,
  stringIssue,
} from './validate-agent-config.js'

const agentBrand = brandSymbol('base-agent')
const namePattern = /^[\p{L}_][\p{L}\p{N}_]*$/u
const asciiNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * An agent's configuration. An agent is a workflow node too (as in ADK 2.0), so it takes a node's `timeout`,
 * `retryConfig`, `rerunOnResume` and `waitForOutput`; they apply when it runs as a node of a `Workflow`.
 */
export interface BaseAgentConfig extends Omit<BaseNodeConfig, 'inputSchema' | 'outputSchema'> {
  name: string
  description?: string
  subAgents?: readonly BaseAgent[]
  beforeAgentCallback?: AgentCallback
  afterAgentCallback?: AgentCallback
  /**
   * Plugins scoped to this agent and every agent below it: their model hooks (`beforeModelCallback`,
   * `afterModelCallback`, `onModelErrorCallback`) run around each model call of those agents, after the runner's
   * plugins. This is how middleware attached to a builder (`.use(M...)`) survives `build()`.
   */
  plugins?: readonly BasePlugin[]
}

/** Problems with an agent's name, for {@link ConfigError}. */
export function validateAgentName(name: unknown): string | undefined {
  // The ASCII pattern first: it is much cheaper than the Unicode one and matches almost every name.
  if (typeof name !== 'string' || !(asciiNamePattern.test(name) || namePattern.test(name))) {
    return `Found invalid agent name: "${String(name)}". Agent name must be a valid identifier. It should start with a letter (a-z, A-Z) or an underscore (_), and can only contain letters, digits (0-9), and underscores.`
  }
  if (name === 'user') return `Agent name cannot be 'user'. 'user' is reserved for end-user's input.`
  return undefined
}

/**
 * Base of every agent. Subclasses implement {@link BaseAgent.runAsyncImpl}; callers use
 * {@link BaseAgent.runAsync}, which runs the before/after agent callbacks (plugins first) around it. Every agent is
 * also a workflow node ({@link BaseNode}): in a `Workflow` graph or `ctx.runNode` it runs through `runAsync`.
 */
export abstract class BaseAgent extends BaseNode {
  static {
    // The brand lives on the prototype (one definition, not a property defined on every instance): `hasBrand` reads
    // it through the prototype chain all the same.
    Object.defineProperty(BaseAgent.prototype, agentBrand, { value: true })
  }

  readonly subAgents: readonly BaseAgent[]
  readonly beforeAgentCallback: readonly SingleAgentCallback[]
  readonly afterAgentCallback: readonly SingleAgentCallback[]
  /** Plugins scoped to this agent's subtree (see {@link BaseAgentConfig.plugins}). */
  readonly plugins: readonly BasePlugin[]
  #parentAgent: BaseAgent | undefined

  /**
   * Checks the whole configuration and throws one {@link ConfigError} listing every problem (with `moreIssues`, the
   * subclass's own) before linking the sub-agents, so a failed construction leaves them free to be reused.
   */
  constructor(config: BaseAgentConfig, moreIssues: readonly ConfigIssueInit[] = []) {
    // The node fields first; the name is checked below with every other problem.
    super(config ?? ({} as BaseAgentConfig), true)
    const className = new.target.name
    const missing = optionsIssue(config, className)
    if (missing) throw new ConfigError([missing, ...moreIssues])
    const path = agentPath(config, className)
    const issues: ConfigIssueInit[] = []
    const nameProblem = this.nameIssue(config.name)
    if (nameProblem) issues.push({ code: 'agent_name_invalid', path: [path, 'name'], message: nameProblem })
    if (config.description !== undefined) issues.push(...stringIssue([path], 'description', config.description))
    const rawSubAgents: unknown = config.subAgents ?? []
    const subAgents: BaseAgent[] = []
    if (!Array.isArray(rawSubAgents)) {
      issues.push({
        code: 'list_invalid',
        path: [path, 'subAgents'],
        message: `subAgents must be an array of agents, got ${describeValue(rawSubAgents)}.`,
      })
    }
    const list: readonly unknown[] = Array.isArray(rawSubAgents) ? rawSubAgents : []
    const seen = new Set<string>()
    for (let index = 0; index < list.length; index++) {
      const sub = list[index]
      if (!isBaseAgent(sub)) {
        issues.push({
          code: 'agent_invalid',
          path: [path, 'subAgents', index],
          message: `a sub-agent is not an agent (got ${describeValue(sub)}). Pass agent instances.`,
        })
        continue
      }
      subAgents.push(sub)
      if (seen.has(sub.name)) {
        issues.push({
          code: 'duplicate_name',
          path: [path, 'subAgents', index],
          message: `duplicate sub-agent name "${sub.name}". Sub-agents of one parent need distinct names.`,
        })
      }
      seen.add(sub.name)
      if (sub.parentAgent) {
        issues.push({
          code: 'agent_parent_conflict',
          path: [path, 'subAgents', sub.name],
          message: `Agent "${sub.name}" already has a parent agent, current parent: "${sub.parentAgent.name}", trying to add: "${path}". An agent instance can have only one parent; build a fresh instance for each place it is used.`,
        })
      }
    }
    if (config.beforeAgentCallback !== undefined)
      issues.push(...callbackIssues([path], 'beforeAgentCallback', config.beforeAgentCallback))
    if (config.afterAgentCallback !== undefined)
      issues.push(...callbackIssues([path], 'afterAgentCallback', config.afterAgentCallback))
    for (const issue of moreIssues) issues.push(issue)
    if (issues.length === 0) {
      issues.push(...ambiguousTransferIssues(path, subAgents, llmAgentBrandCheck, this.transfersBetweenAgents))
    }
    if (issues.length > 0)
      throw new ConfigError(issues, typeof config.name === 'string' ? { agentName: config.name } : {})
    // `subAgents` is this constructor's own list: frozen as it is (a leaf shares the one empty list).
    this.subAgents = subAgents.length > 0 ? Object.freeze(subAgents) : noItems
    this.beforeAgentCallback = toCallbackList(config.beforeAgentCallback)
    this.afterAgentCallback = toCallbackList(config.afterAgentCallback)
    this.plugins = config.plugins?.length ? Object.freeze([...config.plugins]) : noItems
    for (const sub of subAgents) sub.#parentAgent = this
  }

  /** What is wrong with `name` as this agent's name (the identifier rule of {@link validateAgentName}). */
  protected nameIssue(name: unknown): string | undefined {
    return validateAgentName(name)
  }

  /** An agent's model and tool calls are checkpointed one by one in a durable run: the agent is not one step. */
  override get checkpointAsStep(): boolean {
    return false
  }

  /** Runs the agent as a workflow node: its events are the node's (an agent that sets `output` on them gives one). */
  protected async *runImpl(ctx: NodeContext, _input: unknown): AsyncGenerator<unknown, void, undefined> {
    yield* this.runAsync(ctx.getInvocationContext())
  }

  /** True for agents whose sub-agents are transfer targets (LlmAgent); used by the ambiguous-name check. */
  protected get transfersBetweenAgents(): boolean {
    return false
  }

  get parentAgent(): BaseAgent | undefined {
    return this.#parentAgent
  }

  /** The top of the tree this agent belongs to. */
  get rootAgent(): BaseAgent {
    let agent: BaseAgent = this
    while (agent.#parentAgent) agent = agent.#parentAgent
    return agent
  }

  /** This agent or a descendant with that name (depth-first, pre-order). */
  findAgent(name: string): BaseAgent | undefined {
    return this.name === name ? this : this.findSubAgent(name)
  }

  /** A descendant with that name. */
  findSubAgent(name: string): BaseAgent | undefined {
    for (const sub of this.subAgents) {
      const found = sub.findAgent(name)
      if (found) return found
    }
    return undefined
  }

  /**
   * How much stored history a run of this agent reads: `undefined` for all of it, `n` for the current turn plus the
   * last `n` earlier user turns. The Runner loads only that much from the session store. An agent that reads
   * `session.events` itself keeps the default (`undefined`).
   */
  historyTurns(): number | undefined {
    return undefined
  }

  /** Runs the agent: before-agent callbacks, then the body, then after-agent callbacks (in an `invoke_agent` span when traced). */
  async *runAsync(parentContext: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const ctx = parentContext.clone({ agent: this })
    const traced = ctx.tracing ? startAgentSpan(this, ctx) : undefined
    try {
      ctx.throwIfAborted()
      if (ctx.stopped) return
      // Without callbacks or plugins there is nothing to await (each await costs promises and microtask turns).
      const before = this.#hasCallbacks(ctx, 'before') ? await this.#runCallbacks(ctx, 'before') : undefined
      if (before) yield before
      if (ctx.endInvocation) return
      for await (const event of this.runAsyncImpl(ctx)) {
        if (event.errorCode !== undefined && !event.partial) {
          // The workflow that ran this agent stops after it (see InvocationContext.failure).
          parentContext.failure ??= event
          // The agent's own error event (its model call failed) fails its span as the chat span is failed.
          if (traced && event.author === this.name) ctx.tracing?.recordErrorEvent(traced, event)
        }
        yield event
        ctx.throwIfAborted()
      }
      if (ctx.endInvocation || ctx.stopped) return
      const after = this.#hasCallbacks(ctx, 'after') ? await this.#runCallbacks(ctx, 'after') : undefined
      if (after) yield after
    } catch (error) {
      if (traced) ctx.tracing?.recordError(traced, error)
      throw error
    } finally {
      traced?.span.end()
    }
  }

  protected abstract runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined>

  #hasCallbacks(ctx: InvocationContext, when: 'before' | 'after'): boolean {
    const callbacks = when === 'before' ? this.beforeAgentCallback : this.afterAgentCallback
    return callbacks.length > 0 || ctx.pluginManager.plugins.length > 0
  }

  async #runCallbacks(ctx: InvocationContext, when: 'before' | 'after'): Promise<Event | undefined> {
    const callbacks = when === 'before' ? this.beforeAgentCallback : this.afterAgentCallback
    const plugins = ctx.pluginManager.plugins
    if (callbacks.length === 0 && plugins.length === 0) return undefined
    const actions = createEventActions()
    const callbackContext = new Context({ invocationContext: ctx, eventActions: actions })
    let content: Content | undefined = await ctx.pluginManager.run(
      when === 'before' ? 'beforeAgentCallback' : 'afterAgentCallback',
      { agent: this, callbackContext },
      ctx,
    )
    if (!content) {
      for (const callback of callbacks) {
        const result = await callback(callbackContext)
        if (result) {
          content = result
          break
        }
      }
    }
    if (content) {
      if (when === 'before') ctx.endInvocation = true
      return this.#callbackEvent(ctx, actions, content)
    }
    if (hasDelta(actions)) return this.#callbackEvent(ctx, actions, undefined)
    return undefined
  }

  #callbackEvent(
    ctx: InvocationContext,
    actions: ReturnType<typeof createEventActions>,
    content: Content | undefined,
  ): Event {
    const event = createEvent({ invocationId: ctx.invocationId, author: this.name, actions })
    if (ctx.branch !== undefined) event.branch = ctx.branch
    if (content) event.content = content
    return event
  }
}

/**
 * Starts the agent's `invoke_agent` span under the caller's; when nothing records it (no tracer provider, or not
 * sampled) the agent and everything below it run untraced.
 */
function startAgentSpan(agent: BaseAgent, ctx: InvocationContext): TraceSpan | undefined {
  const traced = ctx.tracing?.startAgent(
    agent,
    { invocationId: ctx.invocationId, sessionId: ctx.session.id, branch: ctx.branch },
    ctx.traceContext,
  )
  if (traced) ctx.traceContext = traced.context
  else ctx.tracing = undefined
  return traced
}

/** What a group of agents reads together: all history when one of them needs all, else the largest window. */
export function combineHistoryTurns(needs: Iterable<number | undefined>): number | undefined {
  let turns = 0
  for (const need of needs) {
    if (need === undefined) return undefined
    turns = Math.max(turns, need)
  }
  return turns
}

/** True for any {@link BaseAgent}, whichever module instance created it. */
export function isBaseAgent(value: unknown): value is BaseAgent {
  return hasBrand(value, agentBrand)
}
