import type { GenerateContentResponseUsageMetadata } from '../models/genai-types.js'

/** What a run (or one agent of it) used: model calls, tool calls and tokens. */
export interface Usage {
  readonly modelCalls: number
  readonly toolCalls: number
  /** Prompt tokens (with tool-use prompt tokens). */
  readonly inputTokens: number
  /** Response tokens (with thinking tokens). */
  readonly outputTokens: number
  /** As the model reports it; `inputTokens + outputTokens` when it does not. */
  readonly totalTokens: number
  /** What the model calls cost, in the currency of `M.cost({ prices })`; present only when a price applied. */
  readonly cost?: number
}

/** A run's usage in total and per agent (by agent name). */
export interface UsageReport extends Usage {
  readonly byAgent: Readonly<Record<string, Usage>>
}

interface MutableUsage {
  modelCalls: number
  toolCalls: number
  inputTokens: number
  outputTokens: number
  totalTokens: number
  cost?: number
}

function emptyUsage(): MutableUsage {
  return { modelCalls: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }
}

/** Input, output and total tokens of one model response's usage metadata. */
export function tokenCounts(metadata: GenerateContentResponseUsageMetadata): {
  input: number
  output: number
  total: number
} {
  const input = (metadata.promptTokenCount ?? 0) + (metadata.toolUsePromptTokenCount ?? 0)
  const output = (metadata.candidatesTokenCount ?? 0) + (metadata.thoughtsTokenCount ?? 0)
  return { input, output, total: metadata.totalTokenCount ?? input + output }
}

/**
 * The usage accumulator of a run: the runtime counts every model call, tool call and the tokens each model response
 * reports, in total and per agent. Pass one as `runConfig.usage` to add several runs (or nested agent-tool runs) up
 * in one place; limits (`runConfig.usageLimits`) apply to what it holds.
 */
export class RunUsage implements Usage {
  modelCalls = 0
  toolCalls = 0
  inputTokens = 0
  outputTokens = 0
  totalTokens = 0
  /** Summed by {@link RunUsage.addCost} (`M.cost`); `undefined` until a cost is added. */
  cost?: number
  // Per agent: the first agent's usage in fields (most runs have one agent), the others in a map made on demand.
  #firstName: string | undefined
  #first: MutableUsage | undefined
  #others: Map<string, MutableUsage> | undefined

  #agent(name: string): MutableUsage {
    if (name === this.#firstName) return this.#first as MutableUsage
    if (this.#firstName === undefined) {
      this.#firstName = name
      return (this.#first = emptyUsage())
    }
    this.#others ??= new Map()
    let usage = this.#others.get(name)
    if (!usage) {
      usage = emptyUsage()
      this.#others.set(name, usage)
    }
    return usage
  }

  /** Counts one model call of `agent`. */
  addModelCall(agent: string): void {
    this.modelCalls++
    this.#agent(agent).modelCalls++
  }

  /** Counts `count` tool calls of `agent`. */
  addToolCalls(agent: string, count: number): void {
    this.toolCalls += count
    this.#agent(agent).toolCalls += count
  }

  /** Adds the tokens one model response of `agent` reports. */
  addTokens(agent: string, metadata: GenerateContentResponseUsageMetadata): void {
    const { input, output, total } = tokenCounts(metadata)
    const usage = this.#agent(agent)
    this.inputTokens += input
    this.outputTokens += output
    this.totalTokens += total
    usage.inputTokens += input
    usage.outputTokens += output
    usage.totalTokens += total
  }

  /** Adds what one model call of `agent` cost (see `M.cost`). */
  addCost(agent: string, amount: number): void {
    this.cost = (this.cost ?? 0) + amount
    const usage = this.#agent(agent)
    usage.cost = (usage.cost ?? 0) + amount
  }

  /** Per agent, in the order the agents first used something. */
  get byAgent(): Readonly<Record<string, Usage>> {
    const result: Record<string, Usage> = {}
    if (this.#firstName !== undefined) result[this.#firstName] = { ...(this.#first as MutableUsage) }
    for (const [name, usage] of this.#others ?? []) result[name] = { ...usage }
    return result
  }

  /** A plain copy: totals and `byAgent`. */
  toJSON(): UsageReport {
    const { modelCalls, toolCalls, inputTokens, outputTokens, totalTokens, cost } = this
    const totals = { modelCalls, toolCalls, inputTokens, outputTokens, totalTokens }
    return cost === undefined ? { ...totals, byAgent: this.byAgent } : { ...totals, cost, byAgent: this.byAgent }
  }
}
