import { ConfigError, isBaseAgent, type ConfigIssueInit } from '@adk-fluent/core'
import type { DurableConnection, StartRunRequest } from './durable-client.js'

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

type Factory = 'DurableClient.connect' | 'DurableRunner.launch'

/** What a value is, for a message: `undefined`, `42`, `"text"`, `an object`. */
function shown(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  return typeof value === 'object' && value !== null
    ? `a${Array.isArray(value) ? 'n array' : 'n object'}`
    : typeof value
}

/** `option` must be a non-empty string (or absent when `optional`). */
function text(issues: ConfigIssueInit[], at: string, option: string, value: unknown, optional: boolean, hint?: string) {
  if (optional && value === undefined) return
  if (typeof value !== 'string' || value.trim().length === 0)
    issues.push({
      code: 'text_invalid',
      path: [at, option],
      message: `${option} must be a non-empty string, got ${shown(value)}.`,
      ...(hint ? { hint } : {}),
    })
}

/** The session service methods a durable run calls. */
const sessionMethods = ['createSession', 'getSession', 'appendEvent'] as const

/** Which agent tree: `agent` (an agent) on both; for a client, `version` instead. */
function checkTree(issues: ConfigIssueInit[], factory: Factory, options: Record<string, unknown>): void {
  const hasAgent = options['agent'] !== undefined
  if (hasAgent && !isBaseAgent(options['agent']))
    issues.push({
      code: 'agent_invalid',
      path: [factory, 'agent'],
      message: `agent must be an agent (an LlmAgent, a SequentialAgent, a fluent build(), …), got ${shown(options['agent'])}.`,
    })
  if (factory === 'DurableRunner.launch') {
    if (!hasAgent)
      issues.push({
        code: 'option_missing',
        path: [factory, 'agent'],
        message: 'agent is missing: a worker executes runs of one agent tree, and takes no run without it.',
        hint: 'Pass the root agent, for example DurableRunner.launch({ …, agent: pipeline, sessionService }).',
      })
    text(issues, factory, 'version', options['version'], true)
    return
  }
  if (!hasAgent && options['version'] === undefined)
    issues.push({
      code: 'option_missing',
      path: [factory, 'agent'],
      message:
        'agent or version is missing: a client starts runs of one agent tree version, so that only workers running that tree take them.',
      hint: "Pass the root agent ({ agent }) or the workers' version ({ version: runner.version }).",
    })
  else if (!hasAgent) text(issues, factory, 'version', options['version'], false)
}

/**
 * Checks a {@link DurableClient}'s or {@link DurableRunner}'s options before anything connects: every problem at
 * once, in one {@link ConfigError} naming the factory and the option.
 */
export function checkOptions(
  factory: Factory,
  options: DurableConnection &
    Partial<Record<NumericOption, number>> & { agent?: unknown; version?: unknown; sessionService?: unknown },
): void {
  const issues: ConfigIssueInit[] = []
  const given = options as unknown as Record<string, unknown>
  text(issues, factory, 'appName', options.appName, false)
  text(
    issues,
    factory,
    'databaseUrl',
    options.databaseUrl,
    false,
    'For example postgresql://postgres@127.0.0.1:5432/dbos_app.',
  )
  text(issues, factory, 'queueName', options.queueName, true)
  checkTree(issues, factory, given)
  if (factory === 'DurableRunner.launch') {
    text(issues, factory, 'workerId', given['workerId'], true)
    const service = given['sessionService'] as Record<string, unknown> | undefined
    const missing = sessionMethods.filter((method) => typeof service?.[method] !== 'function')
    if (missing.length > 0)
      issues.push({
        code: 'service_missing',
        path: [factory, 'sessionService'],
        message:
          service === undefined
            ? 'sessionService is missing: a durable run reads and appends its session there.'
            : `sessionService must be a session service (it has no ${missing.join(', ')}), got ${shown(service)}.`,
        hint: 'Pass one every worker reaches, for example new PostgresSessionService(url) from @adk-fluent/sessions.',
      })
  }
  for (const option of Object.keys(rules) as NumericOption[]) {
    const value: unknown = options[option]
    if (value !== undefined && !fits(value, rules[option]))
      issues.push({
        code: 'number_invalid',
        path: [factory, option],
        message: `${option} must be ${wanted[rules[option]]}, got ${typeof value === 'number' ? String(value) : JSON.stringify(value)}.`,
      })
  }
  const heartbeat = options.heartbeatMs ?? 2000
  const deadAfter = options.deadAfterMs ?? 10_000
  if (factory === 'DurableRunner.launch' && heartbeat >= deadAfter)
    issues.push({
      code: 'options_conflict',
      path: [factory, 'heartbeatMs'],
      message:
        `heartbeatMs (${heartbeat}) must be shorter than deadAfterMs (${deadAfter}): a worker would look dead ` +
        `between two of its heartbeats, and its runs would be executed twice.`,
      hint: 'Send several heartbeats per deadAfterMs, for example heartbeatMs: 2000 with deadAfterMs: 10000.',
    })
  if (issues.length > 0) throw new ConfigError(issues)
}

/**
 * Checks what {@link DurableClient.startRun} was given before anything is enqueued: every problem at once, in one
 * {@link ConfigError} (a run without its session or user would fail in the worker, not here).
 */
export function checkStartRun(request: StartRunRequest): void {
  const issues: ConfigIssueInit[] = []
  const given = (request ?? {}) as unknown as Record<string, unknown>
  text(issues, 'startRun', 'userId', given['userId'], false)
  text(
    issues,
    'startRun',
    'sessionId',
    given['sessionId'],
    false,
    'Create the session first (sessionService.createSession) and pass its id.',
  )
  text(
    issues,
    'startRun',
    'runId',
    given['runId'],
    true,
    'Leave it out for a random id, or pass a string: starting twice with one id starts one run.',
  )
  const parts = (given['newMessage'] as { parts?: unknown } | undefined)?.parts
  if (!Array.isArray(parts) || parts.length === 0)
    issues.push({
      code: 'message_invalid',
      path: ['startRun', 'newMessage'],
      message: `newMessage must be a message with at least one part, got ${shown(given['newMessage'])}.`,
      hint: "For example { role: 'user', parts: [{ text: 'go' }] }.",
    })
  const delta = given['stateDelta']
  if (delta !== undefined && (typeof delta !== 'object' || delta === null || Array.isArray(delta)))
    issues.push({
      code: 'record_invalid',
      path: ['startRun', 'stateDelta'],
      message: `stateDelta must be an object, got ${shown(delta)}.`,
    })
  if (issues.length > 0) throw new ConfigError(issues)
}
