import { ConfigError, type ConfigIssueInit } from '@adk-fluent/core'
import type { DurableConnection } from './durable-client.js'

type Rule = 'count' | 'ms' | 'ms0' | 'msForever'
type NumericOption =
  | 'pollMs'
  | 'deadAfterMs'
  | 'workerConcurrency'
  | 'concurrency'
  | 'heartbeatMs'
  | 'leaseTtlMs'
  | 'queuePollMs'
  | 'storeRetryMs'
  | 'retainRunsMs'

/** What each numeric option of a client or runner must be. */
const rules: Record<NumericOption, Rule> = {
  pollMs: 'ms',
  deadAfterMs: 'ms',
  workerConcurrency: 'count',
  concurrency: 'count',
  heartbeatMs: 'ms',
  leaseTtlMs: 'ms',
  queuePollMs: 'ms',
  storeRetryMs: 'ms0',
  retainRunsMs: 'msForever',
}

const wanted: Record<Rule, string> = {
  count: 'a whole number ≥ 1',
  ms: 'a number of milliseconds > 0',
  ms0: 'a number of milliseconds ≥ 0',
  msForever: 'a number of milliseconds > 0 (or Infinity)',
}

function fits(value: unknown, rule: Rule): boolean {
  if (rule === 'msForever' && value === Infinity) return true
  if (typeof value !== 'number' || !Number.isFinite(value)) return false
  return rule === 'count' ? Number.isInteger(value) && value >= 1 : rule === 'ms0' ? value >= 0 : value > 0
}

/**
 * Checks a {@link DurableClient}'s or {@link DurableRunner}'s options before anything connects: every problem at
 * once, in one {@link ConfigError} naming the factory and the option.
 */
export function checkOptions(
  factory: 'DurableClient.connect' | 'DurableRunner.launch',
  options: DurableConnection & Partial<Record<NumericOption, number>>,
): void {
  const issues: ConfigIssueInit[] = []
  for (const option of ['appName', 'databaseUrl'] as const) {
    const value: unknown = options[option]
    if (typeof value !== 'string' || value.length === 0)
      issues.push({
        path: [factory, option],
        message: `${option} must be a non-empty string, got ${JSON.stringify(value)}.`,
        ...(option === 'databaseUrl' ? { hint: 'For example postgresql://postgres@127.0.0.1:5432/dbos_app.' } : {}),
      })
  }
  for (const option of Object.keys(rules) as NumericOption[]) {
    const value: unknown = options[option]
    if (value !== undefined && !fits(value, rules[option]))
      issues.push({
        path: [factory, option],
        message: `${option} must be ${wanted[rules[option]]}, got ${typeof value === 'number' ? String(value) : JSON.stringify(value)}.`,
      })
  }
  const heartbeat = options.heartbeatMs ?? 2000
  const deadAfter = options.deadAfterMs ?? 10_000
  if (factory === 'DurableRunner.launch' && heartbeat >= deadAfter)
    issues.push({
      path: [factory, 'heartbeatMs'],
      message:
        `heartbeatMs (${heartbeat}) must be shorter than deadAfterMs (${deadAfter}): a worker would look dead ` +
        `between two of its heartbeats, and its runs would be executed twice.`,
      hint: 'Send several heartbeats per deadAfterMs, for example heartbeatMs: 2000 with deadAfterMs: 10000.',
    })
  if (issues.length > 0) throw new ConfigError(issues)
}
