import { createHash } from 'node:crypto'
import { DBOS } from '@dbos-inc/dbos-sdk'
import { AbortError } from '@adk-fluent/core'
import type {
  Event,
  InvocationHooks,
  LlmResponse,
  ModelCallInfo,
  ToolCallInfo,
  ToolCallOutcome,
} from '@adk-fluent/core'

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

/** What a model step records: the responses (function calls named) and when the call ended. */
interface ModelStepOutput {
  responses: LlmResponse[]
  at: number
}

/** What a tool step records: the tool's outcome and when it ended. */
interface ToolStepOutput extends ToolCallOutcome {
  at: number
}

/**
 * The hooks of one execution of a durable run's workflow. Every model call and every tool call is a DBOS step (its
 * output is checkpointed; a re-execution gets the recorded output instead of calling again). Event ids, function-call
 * ids and timestamps are derived from the workflow id and from recorded step times, so every execution of the
 * workflow produces the same events. A cancelled workflow aborts the step that is running.
 */
export class DurableHooks implements InvocationHooks {
  readonly #workflowId: string
  readonly #abort: AbortController
  #clock: number
  #lastTimestamp = 0
  #events = 0
  #modelCalls = 0
  #newCalls = 0

  constructor(workflowId: string, startedAt: number, abort: AbortController) {
    this.#workflowId = workflowId
    this.#clock = startedAt
    this.#abort = abort
  }

  async runModelCall(info: ModelCallInfo, call: () => Promise<LlmResponse[]>): Promise<LlmResponse[]> {
    const seq = this.#modelCalls++
    const output = await DBOS.runStep(
      () =>
        this.#watchingCancel(async (): Promise<ModelStepOutput> => {
          const responses = await call()
          this.#nameCalls(responses, seq)
          return { responses, at: Date.now() }
        }),
      { name: `model:${info.agentName}` },
    )
    this.#advance(output.at)
    return output.responses
  }

  async runToolCall(info: ToolCallInfo, call: () => Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
    const output = await DBOS.runStep(
      () =>
        this.#watchingCancel(async (): Promise<ToolStepOutput> => {
          const outcome = await call()
          return { result: outcome.result, actions: outcome.actions, at: Date.now() }
        }),
      { name: `tool:${info.toolName}` },
    )
    this.#advance(output.at)
    return { result: output.result, actions: output.actions }
  }

  stampEvent(event: Event): void {
    event.id = derivedEventId(`${this.#workflowId}/event/${this.#events++}`)
    const timestamp = Math.max(this.#clock, this.#lastTimestamp)
    event.timestamp = timestamp
    this.#lastTimestamp = timestamp
  }

  newFunctionCallId(): string {
    return derivedCallId(`${this.#workflowId}/call/${this.#newCalls++}`)
  }

  #advance(at: number): void {
    if (at > this.#clock) this.#clock = at
  }

  /** Function calls the model sent without an id get one derived from the run and the call's position. */
  #nameCalls(responses: LlmResponse[], seq: number): void {
    let index = 0
    for (const response of responses) {
      for (const part of response.content?.parts ?? []) {
        const functionCall = part.functionCall
        if (functionCall && !functionCall.id)
          functionCall.id = derivedCallId(`${this.#workflowId}/model/${seq}/${index}`)
        if (functionCall) index++
      }
    }
  }

  /**
   * Runs a step body; when the workflow is cancelled meanwhile, the run's abort signal fires (the call is asked to
   * stop) and the step ends at once with an abort error, even if the call ignores the signal.
   */
  async #watchingCancel<T>(body: () => Promise<T>): Promise<T> {
    const signal = DBOS.stepStatus?.cancelSignal
    if (!signal) return body()
    let onCancel: () => void = () => undefined
    const cancelled = new Promise<never>((_, reject) => {
      onCancel = () => {
        this.#abort.abort()
        reject(new AbortError('The run was cancelled.'))
      }
    })
    cancelled.catch(() => undefined)
    if (signal.aborted) onCancel()
    signal.addEventListener('abort', onCancel, { once: true })
    try {
      return await Promise.race([body(), cancelled])
    } finally {
      signal.removeEventListener('abort', onCancel)
    }
  }
}
