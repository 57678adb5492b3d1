import type { Usage } from './run-usage.js'

/**
 * Limits of one run (`runConfig.usageLimits`). A run that would go over one stops cleanly: the agent that hit it
 * yields an error event (`errorCode: 'USAGE_LIMIT_EXCEEDED'`, a message naming the limit) and no agent runs after it.
 * Model and tool calls are refused before they would cross their limit; a token limit stops the run before the next
 * model call once it is reached, and right after a response that went over it.
 */
export interface UsageLimits {
  readonly modelCalls?: number
  readonly toolCalls?: number
  readonly inputTokens?: number
  readonly outputTokens?: number
  readonly totalTokens?: number
}

/** Which limit a run hit, its value and what was used (or would have been used). */
export interface UsageLimitBreach {
  readonly limit: keyof UsageLimits
  readonly max: number
  readonly used: number
}

/** `errorCode` of the event that stops a run at a usage limit. */
export const USAGE_LIMIT_EXCEEDED = 'USAGE_LIMIT_EXCEEDED'

const tokenLimits = ['inputTokens', 'outputTokens', 'totalTokens'] as const

/** The limit the next model call would cross: the call limit, or a token limit already reached. */
export function breachBeforeModelCall(usage: Usage, limits: UsageLimits): UsageLimitBreach | undefined {
  if (limits.modelCalls !== undefined && usage.modelCalls + 1 > limits.modelCalls) {
    return { limit: 'modelCalls', max: limits.modelCalls, used: usage.modelCalls + 1 }
  }
  for (const limit of tokenLimits) {
    const max = limits[limit]
    if (max !== undefined && usage[limit] >= max) return { limit, max, used: usage[limit] }
  }
  return undefined
}

/** A token limit the last response went over. */
export function breachAfterModelCall(usage: Usage, limits: UsageLimits): UsageLimitBreach | undefined {
  for (const limit of tokenLimits) {
    const max = limits[limit]
    if (max !== undefined && usage[limit] > max) return { limit, max, used: usage[limit] }
  }
  return undefined
}

/** The tool-call limit that running `count` more calls would cross. */
export function breachBeforeToolCalls(usage: Usage, limits: UsageLimits, count: number): UsageLimitBreach | undefined {
  const max = limits.toolCalls
  if (max !== undefined && usage.toolCalls + count > max)
    return { limit: 'toolCalls', max, used: usage.toolCalls + count }
  return undefined
}

/** The message of the error event that stops a run at a limit. */
export function usageLimitMessage(breach: UsageLimitBreach): string {
  const head = `Usage limit reached: usageLimits.${breach.limit} is ${breach.max}`
  const tail = `The run stopped; raise runConfig.usageLimits.${breach.limit} to allow more.`
  if (breach.limit === 'modelCalls') return `${head}; the run stopped before model call ${breach.used}. ${tail}`
  if (breach.limit === 'toolCalls')
    return `${head}; running the requested tool calls would make ${breach.used}. ${tail}`
  const kind = breach.limit.replace('Tokens', '')
  return `${head} and the run has used ${breach.used} ${kind} tokens. ${tail}`
}
