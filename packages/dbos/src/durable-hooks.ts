import { createHash } from 'node:crypto'
import { AbortError } from '@adk-fluent/core'
import { endsTheRun } from '@adk-fluent/core/internal'
import type {
  Event,
  InvocationHooks,
  LlmResponse,
  ModelCallInfo,
  NodeCallInfo,
  NodeRunOutcome,
  StepCallInfo,
  ToolCallInfo,
  ToolCallOutcome,
} from '@adk-fluent/core'
import type { CheckpointGate } from './checkpoint-gate.js'
import { ReplayMismatchError } from './errors.js'
import type { RunOwnership } from './run-ownership.js'
import type { RunStore, StepRecord } from './run-store.js'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 8 characters from `[A-Za-z0-9]` (ADK's event id shape) derived from `seed`: the same seed gives the same id. */
export function derivedEventId(seed: string): string {
  const digest = createHash('sha256').update(seed).digest()
  let id = ''
  for (let index = 0; index < 8; index++) id += alphabet[(digest[index] as number) % 62]
  return id
}

function derivedCallId(seed: string): string {
  return `adk-${createHash('sha256').update(seed).digest('hex').slice(0, 32)}`
}

/** The next ordinal of `key` in `counts` (0, 1, 2, … per key). */
function next(counts: Map<string, number>, key: string): number {
  const value = counts.get(key) ?? 0
  counts.set(key, value + 1)
  return value
}

/**
 * The hooks of one execution of a durable run. Every model call, tool call and custom agent's side effect
 * (`ctx.runStep`) is a checkpointed step: its output (or error) is recorded in the run's store before anything it
 * leads to happens, and a re-execution gets the recorded output instead of calling again. A step's key comes from its place in the agent tree, not from the order calls
 * happen in: a model call is `model:<branch>#<n>` (the n-th model call of its parallel branch), a tool call
 * `tool:<functionCallId>`, a custom agent's side effect (`ctx.runStep`) `step:<branch>/<agent>/<name>#<n>`, a
 * workflow node's run `node:<nodePath>@<runId>`; so parallel branches that finish in another order on a re-execution still find their
 * own steps. Event ids (per branch), function-call ids and timestamps are derived from the run id and from recorded
 * step times, so every execution produces the same events. Cancelling the run aborts the step that is running.
 * Before each call the execution checks that it still owns the run ({@link RunOwnership}): one that lost the run
 * (its worker was paused while another took the run over) stops with `RunLostError` before calling anything, and a
 * step another execution recorded since is used, not called again.
 */
export class DurableHooks implements InvocationHooks {
  readonly #runId: string
  readonly #abort: AbortController
  readonly #store: RunStore
  readonly #recorded: Map<string, StepRecord>
  readonly #ownership: RunOwnership
  readonly #checkpoints: CheckpointGate
  readonly #modelCalls = new Map<string, number>()
  readonly #steps = new Map<string, number>()
  readonly #events = new Map<string, number>()
  #clock: number
  #lastTimestamp = 0
  #newCalls = 0

  constructor(options: {
    runId: string
    startedAt: number
    abort: AbortController
    store: RunStore
    recorded: Map<string, StepRecord>
    ownership: RunOwnership
    /** Where this execution's checkpoint writes are awaited (shared with its session view). */
    checkpoints: CheckpointGate
  }) {
    this.#runId = options.runId
    this.#clock = options.startedAt
    this.#abort = options.abort
    this.#store = options.store
    this.#recorded = options.recorded
    this.#ownership = options.ownership
    this.#checkpoints = options.checkpoints
  }

  async runModelCall(info: ModelCallInfo, call: () => Promise<LlmResponse[]>): Promise<LlmResponse[]> {
    const key = `model:${info.branch ?? ''}#${next(this.#modelCalls, info.branch ?? '')}`
    return (await this.#step(key, `model:${info.agentName}`, async () => {
      const responses = await call()
      this.#nameCalls(responses, key)
      return responses
    })) as LlmResponse[]
  }

  async runToolCall(info: ToolCallInfo, call: () => Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
    const outcome = (await this.#step(`tool:${info.functionCallId}`, `tool:${info.toolName}`, async () => {
      const { result, actions } = await call()
      return { result, actions }
    })) as ToolCallOutcome
    return { result: outcome.result, actions: outcome.actions }
  }

  /**
   * A workflow node whose work is its own code: one step keyed by its node path and run id (`node:wf.a@1`,
   * `node:wf.orchestrate.child@2`), unique in the run whatever order parallel nodes finish in. Its outcome is its
   * events and result; a re-execution stores the recorded events instead of running the node.
   */
  async runNode(info: NodeCallInfo, call: () => Promise<NodeRunOutcome>): Promise<NodeRunOutcome> {
    return (await this.#step(`node:${info.nodePath}@${info.runId}`, `node:${info.nodeName}`, call)) as NodeRunOutcome
  }

  async runStep(info: StepCallInfo, call: () => Promise<unknown>): Promise<unknown> {
    const place = `${info.branch ?? ''}/${info.agentName}/${info.name}`
    return this.#step(`step:${place}#${next(this.#steps, place)}`, `step:${info.agentName}/${info.name}`, call)
  }

  stampEvent(event: Event): void {
    const branch = event.branch
    const ordinal = next(this.#events, branch ?? '')
    event.id = derivedEventId(
      branch === undefined ? `${this.#runId}/event/${ordinal}` : `${this.#runId}/event/${branch}/${ordinal}`,
    )
    const timestamp = Math.max(this.#clock, this.#lastTimestamp)
    event.timestamp = timestamp
    this.#lastTimestamp = timestamp
  }

  newFunctionCallId(): string {
    return derivedCallId(`${this.#runId}/call/${this.#newCalls++}`)
  }

  /**
   * One step: the recorded outcome when there is one, else the call's. The call's outcome is recorded while the
   * run goes on: its next effect (a session append, a call, the run's end) waits for the record ({@link CheckpointGate}).
   */
  async #step(key: string, name: string, body: () => Promise<unknown>): Promise<unknown> {
    if (this.#abort.signal.aborted) throw new AbortError('The run was cancelled.')
    // The steps this execution recorded before are stored, and were its own to record.
    await this.#checkpoints.settled()
    // Recorded when this execution opened the run, or since by another execution (the ownership check reads it
    // when it asks the store); an execution that lost the run throws here, before calling anything.
    let record = this.#recorded.get(key) ?? (await this.#ownership.check(key))
    if (record && record.name !== name) throw new ReplayMismatchError(this.#runId, key, record.name, name)
    if (!record) {
      let fresh: StepRecord
      try {
        fresh = { name, output: await this.#watchingCancel(body), at: Date.now() }
      } catch (error) {
        // The run's own failures (cancelled, lost, a store that failed) are not the call's outcome: not recorded.
        if (this.#abort.signal.aborted || endsTheRun(error)) throw error
        const { name: errorName, message } = error instanceof Error ? error : new Error(String(error))
        fresh = { name, error: { name: errorName, message }, at: Date.now() }
      }
      // Parsed back: the first execution goes on from what a replay will read (plain JSON values).
      const text = JSON.stringify(fresh)
      record = JSON.parse(text) as StepRecord
      this.#checkpoints.add(key, this.#store.recordStep(this.#runId, key, text))
    }
    if (record.at > this.#clock) this.#clock = record.at
    if (record.error) {
      const error = new Error(record.error.message)
      error.name = record.error.name
      throw error
    }
    return record.output
  }

  /** Function calls the model sent without an id get one derived from the run and the step's key. */
  #nameCalls(responses: LlmResponse[], key: string): void {
    let index = 0
    for (const response of responses) {
      for (const part of response.content?.parts ?? []) {
        const functionCall = part.functionCall
        if (functionCall && !functionCall.id) functionCall.id = derivedCallId(`${this.#runId}/${key}/${index}`)
        if (functionCall) index++
      }
    }
  }

  /**
   * Runs a step body; when the run is cancelled meanwhile (its abort signal fires: the call is asked to stop), the
   * step ends at once with an abort error, even if the call ignores the signal.
   */
  async #watchingCancel<T>(body: () => Promise<T>): Promise<T> {
    const signal = this.#abort.signal
    let onAbort: () => void = () => undefined
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new AbortError('The run was cancelled.'))
    })
    aborted.catch(() => undefined)
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      return await Promise.race([body(), aborted])
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }
}
