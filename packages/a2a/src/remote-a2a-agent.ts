import { Role, TaskState, type AgentCard } from '@a2a-js/sdk'
import {
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  RestTransportFactory,
  type Client,
} from '@a2a-js/sdk/client'
import {
  BaseAgent,
  createEvent,
  createEventActions,
  type BaseAgentConfig,
  type Event,
  type InvocationContext,
} from '@adk-fluent/core'
import { pauseAgent, stateValueIssue, untilSignal } from '@adk-fluent/core/internal'
import { a2aMessage, dataPart, fromContentParts, textPart } from './a2a-parts.js'
import { RemoteCall, type RemoteAnswer } from './remote-call.js'
import { awaitsRemoteReply, remoteInputEvent, remoteReply, replyParts, type RemoteReply } from './remote-input.js'
import { isRefused, resolveCard, sourceUrl, type RemoteAgentSource } from './remote-card.js'
import { RemoteAgentError, type RemoteAgentFailure } from './remote-agent-error.js'
import { errorMessage } from './error-message.js'
import { publicText } from './public-text.js'
import { boundedFetch, MAX_ANSWER_BYTES, remoteErrorIn } from './remote-fetch.js'

/** Configuration of a {@link RemoteA2aAgent}. */
export interface RemoteA2aAgentConfig extends BaseAgentConfig {
  /** The remote agent: its base URL, its card's URL, or its card. */
  readonly agent: RemoteAgentSource
  /** State keys sent with the user turn, as one data part. */
  readonly sends?: readonly string[]
  /** Fields of the answer's data written to state. */
  readonly receives?: readonly string[]
  /** Milliseconds the whole call (card included) may take (default {@link RemoteA2aAgent.DEFAULT_TIMEOUT_MS}). */
  readonly timeoutMs?: number
  /** `true`: stream; `false`: one blocking request; unset: stream when the card says the agent can. */
  readonly streaming?: boolean
  /** The `fetch` used for every request (default: the global one). */
  readonly fetch?: typeof fetch
}

/** `customMetadata.a2a` of a remote agent's events: how the next turn continues the remote conversation. */
export interface RemoteEventMetadata {
  readonly url: string
  readonly contextId: string
  readonly taskId: string
}

const legacyCompat = { enabled: true }
const brand = Symbol.for('adk-fluent.remote-a2a-agent')

/** True for a {@link RemoteA2aAgent} from any copy of this package (a brand check, not `instanceof`). */
export function isRemoteA2aAgent(value: unknown): value is RemoteA2aAgent {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true
}

/**
 * A core agent that calls an A2A agent in another process (ADK's `RemoteA2aAgent`). It sends the current user turn
 * (and the `sends` state keys as one data part), streams when the remote can, and yields the answer as its own
 * event, with the `receives` fields of the answer's data in the event's state delta. The same session keeps the
 * remote conversation (its `contextId`) across turns. Every failure is a {@link RemoteAgentError} naming the URL;
 * nothing is stored for a failed call. A remote cannot hold a run: every call has a timeout (600 s unless set), no
 * redirect is followed, a card over 1 MiB or an answer over 16 MiB is not read, and what it says in an error is cut
 * short and cleaned of control characters. A remote task that ends `input-required` pauses the run: an
 * `adk_request_input` (an inbox item of kind `input`) with the remote's question, whose reply is sent to that same
 * remote task (text as text, an object as a data part) when the run resumes. In a preview (`runConfig.preview`) it
 * never contacts the remote and answers with a stand-in.
 */
export class RemoteA2aAgent extends BaseAgent {
  /** The timeout of a call without `timeoutMs`: ADK's, 600 s. */
  static readonly DEFAULT_TIMEOUT_MS = 600_000
  readonly url: string
  readonly sends: readonly string[]
  readonly receives: readonly string[]
  readonly timeoutMs: number | undefined
  readonly streaming: boolean | undefined
  readonly #source: RemoteAgentSource
  readonly #fetch: typeof fetch
  #connection: Promise<{ card: AgentCard; client: Client }> | undefined

  constructor(config: RemoteA2aAgentConfig) {
    super(config)
    Object.defineProperty(this, brand, { value: true })
    this.#source = config.agent
    this.url = sourceUrl(config.agent)
    this.sends = Object.freeze([...(config.sends ?? [])])
    this.receives = Object.freeze([...(config.receives ?? [])])
    this.timeoutMs = config.timeoutMs
    this.streaming = config.streaming
    this.#fetch = config.fetch ?? ((input, init) => fetch(input, init))
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    if (ctx.runConfig.preview) {
      yield this.#event(ctx, `⟨${this.name}'s reply (remote A2A agent at ${this.url})⟩`, standInData(this), undefined)
      return
    }
    const reply = remoteReply(ctx, this.name, this.url)
    // Re-entered by a resumed invocation without a reply for it: it finished, or its remote task still waits.
    if (!reply && ctx.resumeFrom !== undefined) {
      if (awaitsRemoteReply(ctx, this.name, this.url)) pauseAgent(ctx)
      return
    }
    // One step of the invocation: a durable run records the answer, and a re-execution uses it instead of calling.
    let answer: RemoteAnswer
    try {
      answer = await ctx.runStep(reply ? `a2a-reply:${reply.interruptId}` : 'a2a', () => this.#call(ctx, reply))
    } catch (error) {
      // The remote refused the reply (its task still waits): the run asks again, saying why; nothing else changed.
      if (!reply || !RemoteAgentError.isInstance(error) || error.failure !== 'json-rpc-error') throw error
      const text = `${error.message}\n${reply.question}`
      yield remoteInputEvent(ctx, this.name, { ...reply, text }, this.url)
      pauseAgent(ctx)
      return
    }
    if (answer.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
      // The remote task waits for input: so does this run (an inbox item of kind input); the reply goes to that task.
      yield remoteInputEvent(ctx, this.name, answer, this.url)
      pauseAgent(ctx)
      return
    }
    const received: Record<string, unknown> = {}
    for (const key of this.receives) if (key in answer.data) received[key] = answer.data[key]
    yield this.#event(ctx, answer.text, received, answer)
  }

  /**
   * Sends the turn (or the reply to the remote task that waits) and gathers the answer; a failed task, a timeout or a
   * refusal is a {@link RemoteAgentError}.
   */
  async #call(ctx: InvocationContext, reply: RemoteReply | undefined): Promise<RemoteAnswer> {
    const timeout = AbortSignal.timeout(this.#timeoutMs)
    const signal = ctx.abortSignal ? AbortSignal.any([ctx.abortSignal, timeout]) : timeout
    const call = new RemoteCall()
    let client: Client | undefined
    try {
      // The card is read once for every call: this call stops waiting when it is cancelled, the reading goes on.
      const connection = await untilSignal(this.#connect(), signal, () => signal.reason)
      client = connection.client
      const streaming = this.streaming ?? connection.card.capabilities?.streaming === true
      const message = reply
        ? a2aMessage(Role.ROLE_USER, replyParts(reply.response), { taskId: reply.taskId, contextId: reply.contextId })
        : this.#message(ctx)
      const request = { tenant: '', message, configuration: undefined, metadata: undefined }
      const options = { signal }
      if (streaming) for await (const response of client.sendMessageStream(request, options)) call.update(response)
      else call.result(await client.sendMessage(request, options))
    } catch (error) {
      // Cancelled or timed out mid-task: ask the remote to stop too (best effort; it may have finished).
      if (client && call.taskId && signal.aborted) void cancelQuietly(client, call.taskId)
      ctx.throwIfAborted()
      throw this.#failure(error, timeout)
    }
    const answer = call.answer()
    this.#checkState(answer, call)
    this.#checkReceived(answer)
    return answer
  }

  /** The `receives` fields of the answer must be storable state (a remote cannot break the session's next write). */
  #checkReceived(answer: RemoteAnswer): void {
    for (const key of this.receives) {
      const issue = key in answer.data ? stateValueIssue(answer.data[key]) : undefined
      if (issue !== undefined)
        throw new RemoteAgentError(
          `Remote agent "${this.name}" at ${this.url}: its answer's "${key}" cannot be kept in state: ${publicText(issue, 300)}.`,
          { url: this.url, failure: 'malformed', agentName: this.name },
        )
    }
  }

  // Re-entered when a resumed invocation goes on: it sends the reply to its remote task that waits.
  protected override get continuesFromEvents(): boolean {
    return true
  }

  get #timeoutMs(): number {
    return this.timeoutMs ?? RemoteA2aAgent.DEFAULT_TIMEOUT_MS
  }

  /**
   * The card and a client, made on first use with a timeout of its own, not any caller's signal: one cancelled call
   * never fails the others waiting for the same card (a failure is retried on the next call).
   */
  #connect(): Promise<{ card: AgentCard; client: Client }> {
    this.#connection ??= (async () => {
      const card = await resolveCard(this.#source, this.name, this.#fetch, AbortSignal.timeout(this.#timeoutMs))
      const scope = { agentName: this.name, url: this.url, maxBytes: MAX_ANSWER_BYTES, what: 'its answer' }
      const fetchImpl = boundedFetch(this.#fetch, scope)
      const factory = new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [
            new JsonRpcTransportFactory({ fetchImpl, legacyCompat }),
            new RestTransportFactory({ fetchImpl, legacyCompat }),
          ],
        }),
      )
      try {
        return { card, client: await factory.createFromAgentCard(card) }
      } catch (error) {
        throw new RemoteAgentError(
          `Remote agent "${this.name}" at ${this.url}: its card offers no interface this client speaks (${publicText(errorMessage(error), 500)}). adk-fluent speaks A2A over JSON-RPC and HTTP+JSON, versions 1.0 and 0.3.`,
          { url: this.url, failure: 'card-invalid', agentName: this.name, cause: error },
        )
      }
    })()
    this.#connection.catch(() => (this.#connection = undefined))
    return this.#connection
  }

  /** The user turn (text and files) plus the `sends` keys as one data part, in the session's remote context. */
  #message(ctx: InvocationContext) {
    const turn = fromContentParts(ctx.userContent)
    const parts = turn.length > 0 ? turn : [textPart('')]
    if (this.sends.length > 0) {
      const state = { ...ctx.session.state, ...ctx.tempState }
      const data: Record<string, unknown> = {}
      for (const key of this.sends) if (state[key] !== undefined) data[key] = state[key]
      parts.push(dataPart(data))
    }
    const contextId = this.#previousContext(ctx)
    return a2aMessage(Role.ROLE_USER, parts, contextId ? { contextId } : {})
  }

  /** The remote `contextId` this agent used last in this session (so the remote conversation continues). */
  #previousContext(ctx: InvocationContext): string | undefined {
    const events = ctx.session.events
    for (let index = events.length - 1; index >= 0; index--) {
      const event = events[index] as Event
      if (event.author !== this.name) continue
      const metadata = event.customMetadata?.['a2a'] as RemoteEventMetadata | undefined
      if (metadata?.url === this.url && metadata.contextId) return metadata.contextId
    }
    return undefined
  }

  #checkState(answer: RemoteAnswer, call: RemoteCall): void {
    const failures: Partial<Record<TaskState, RemoteAgentFailure>> = {
      [TaskState.TASK_STATE_FAILED]: 'task-failed',
      [TaskState.TASK_STATE_REJECTED]: 'task-failed',
      [TaskState.TASK_STATE_AUTH_REQUIRED]: 'task-failed',
      [TaskState.TASK_STATE_CANCELED]: 'task-canceled',
    }
    const unfinished = [TaskState.TASK_STATE_UNSPECIFIED, TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]
    if (answer.state !== undefined && unfinished.includes(answer.state))
      throw new RemoteAgentError(
        `Remote agent "${this.name}" at ${this.url}: its answer ended while its task ${publicText(answer.taskId, 100) || '(no id)'} was ${TaskState[answer.state]}: it gave no final answer.`,
        { url: this.url, failure: 'malformed', agentName: this.name },
      )
    const failure = answer.state === undefined ? undefined : failures[answer.state]
    if (!failure) return
    const why = publicText(call.statusText(), 500)
    const what = failure === 'task-canceled' ? 'was canceled' : `ended ${TaskState[answer.state as TaskState]}`
    throw new RemoteAgentError(
      `Remote agent "${this.name}" at ${this.url}: its task ${publicText(answer.taskId, 100)} ${what}${why ? `: ${why}` : ''}.`,
      { url: this.url, failure, agentName: this.name },
    )
  }

  #failure(error: unknown, timeout: AbortSignal): RemoteAgentError {
    const known = remoteErrorIn(error)
    if (known && known.failure !== 'aborted') return known
    const at = `Remote agent "${this.name}" at ${this.url}`
    const options = (failure: RemoteAgentFailure) => ({ url: this.url, failure, agentName: this.name, cause: error })
    if (timeout.aborted)
      return new RemoteAgentError(
        `${at} did not answer within its ${this.#timeoutMs} ms timeout${this.timeoutMs === undefined ? ' (the default)' : ''}. Set another with .timeout(ms).`,
        options('timeout'),
      )
    if (known) return known
    if (isRefused(error))
      return new RemoteAgentError(
        `${at} refused the connection. Start the agent, or check the URL.`,
        options('refused'),
      )
    const envelope = (error as { envelopeCode?: unknown; transport?: unknown }).transport === 'jsonrpc'
    const reason = (error as { reason?: unknown }).reason
    if (envelope || typeof reason === 'string')
      return new RemoteAgentError(
        `${at} answered with a JSON-RPC error: ${publicText(errorMessage(error), 500)}.`,
        options('json-rpc-error'),
      )
    return new RemoteAgentError(`${at} failed: ${publicText(errorMessage(error), 500)}.`, options('http-error'))
  }

  #event(
    ctx: InvocationContext,
    text: string,
    received: Record<string, unknown>,
    answer: RemoteAnswer | undefined,
  ): Event {
    const metadata: RemoteEventMetadata = {
      url: this.url,
      contextId: answer?.contextId ?? '',
      taskId: answer?.taskId ?? '',
    }
    const event = createEvent({
      invocationId: ctx.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text }] },
      actions: createEventActions({ stateDelta: received }),
      customMetadata: { a2a: metadata },
    })
    if (ctx.branch !== undefined) event.branch = ctx.branch
    return event
  }
}

function standInData(agent: RemoteA2aAgent): Record<string, unknown> {
  return Object.fromEntries(agent.receives.map((key) => [key, `⟨${agent.name}'s ${key}⟩`]))
}

async function cancelQuietly(client: Client, taskId: string): Promise<void> {
  try {
    // Bounded: a remote that never answers the cancel holds nothing.
    await client.cancelTask({ tenant: '', id: taskId, metadata: undefined }, { signal: AbortSignal.timeout(5_000) })
  } catch {
    // The run was cancelled; a remote that cannot cancel finishes on its own.
  }
}
