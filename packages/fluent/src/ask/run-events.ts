import {
  AbortError,
  AdkFluentError,
  ConfigError,
  InMemoryRunner,
  type ConfigIssueInit,
  Runner,
  type BaseAgent,
  type Event,
  type RunConfig,
} from '@adk-fluent/core'
import { createLinkedAbortController } from '../agents/linked-abort-controller.js'
import type { RunOptions } from './run-options.js'
import { sessionRunner } from './session-runner.js'

/**
 * `options.runner`, else the runner over `build()` on `options.sessionService` (one per tree and service, reused: see
 * {@link sessionRunner}), else a fresh `InMemoryRunner`. Both made here store sessions, memories and artifacts under
 * `options.appName`, default the root agent's name.
 */
function runnerFor(build: () => BaseAgent, options: RunOptions): Runner {
  if (options.runner) return checkedRunner(options.runner, options)
  if (options.memoryAutoSave && !options.memoryService) {
    // Saved into the fresh runner's own memory, the runs would be forgotten with it.
    throw new ConfigError([
      {
        code: 'service_missing',
        path: ['ask', 'memoryAutoSave'],
        message: 'memoryAutoSave needs a memoryService to save to.',
        hint: "Pass memoryService too: .ask(text, { memoryService: openMemoryService('sqlite:./memory.db'), memoryAutoSave: true }).",
      },
    ])
  }
  const agent = build()
  if (!options.sessionService) {
    // A fresh runner (about 1.5 µs) per run: its in-memory sessions, artifacts and memory start empty every time, so
    // no run sees another's (a shared one would carry user-scoped artifacts and saved memories across runs).
    return new InMemoryRunner({
      agent,
      appName: options.appName ?? agent.name,
      ...(options.memoryService ? { memoryService: options.memoryService } : {}),
      ...(options.memoryAutoSave === undefined ? {} : { memoryAutoSave: options.memoryAutoSave }),
    })
  }
  return sessionRunner(agent, options.sessionService, {
    appName: options.appName ?? agent.name,
    memoryService: options.memoryService,
    memoryAutoSave: options.memoryAutoSave,
  })
}

/**
 * A caller's runner comes with its app name and services: options that name others would be silently ignored (a
 * memory saved or searched under another app, say), so they are a `ConfigError` naming each.
 */
function checkedRunner(runner: Runner, options: RunOptions): Runner {
  const clashes: ConfigIssueInit[] = []
  const clash = (option: keyof RunOptions, given: unknown, own: unknown, what: string) => {
    if (given === undefined || given === own) return
    clashes.push({
      code: 'runner_option_conflict',
      path: ['ask', option],
      message: `${option} ${typeof given === 'string' ? `"${given}" ` : ''}differs from the runner's own ${what}${typeof own === 'string' ? ` ("${own}")` : ''}: with runner, the run uses the runner's.`,
      hint: `Leave ${option} out, or make the runner with it (new Runner({ ..., ${option} })).`,
    })
  }
  clash('appName', options.appName, runner.appName, 'app name')
  clash('sessionService', options.sessionService, runner.sessionService, 'session service')
  clash('memoryService', options.memoryService, runner.memoryService, 'memory service')
  clash('memoryAutoSave', options.memoryAutoSave, runner.memoryAutoSave, 'memoryAutoSave setting')
  if (clashes.length > 0) throw new ConfigError(clashes)
  return runner
}

/** The run's config: the caller's (`streamingMode`, …) plus the options' model, usage and limits. */
function runConfigOf(options: RunOptions, base: RunConfig | undefined): RunConfig | undefined {
  const { model, usage, usageLimits } = options
  if (model === undefined && usage === undefined && usageLimits === undefined) return base
  return {
    ...base,
    ...(model === undefined ? {} : { model }),
    ...(usage === undefined ? {} : { usage }),
    ...(usageLimits === undefined ? {} : { usageLimits }),
  }
}

/**
 * Starts one turn: `prompt` as the user's message on a fresh `InMemoryRunner` (about 2 µs) over `build()` (the
 * builder's cached tree, see `runAgentFor`), or `options.runner`, or a runner on `options.sessionService`; in a new
 * session (or `options.sessionId`, created when missing), with `options.state` applied with the message. Resolves to
 * the run's events (the runner's own generator when there is no timeout: `.ask()` reads it without another layer).
 * `abortSignal` and `timeoutMs` cancel it (an `AbortError`); stopping the iteration early cancels it too.
 */
export async function startRun(
  build: () => BaseAgent,
  prompt: string,
  options: RunOptions = {},
  runConfig?: RunConfig,
): Promise<AsyncGenerator<Event, void, undefined>> {
  const runner = runnerFor(build, options)
  const { appName, sessionService } = runner
  const userId = options.userId ?? 'user'
  let sessionId = options.sessionId
  const exists = async (id: string) =>
    !!(await sessionService.getSession({ appName, userId, sessionId: id, config: { numRecentEvents: 0 } }))
  if (sessionId === undefined || !(await exists(sessionId))) {
    try {
      const session = await sessionService.createSession({
        appName,
        userId,
        ...(sessionId === undefined ? {} : { sessionId }),
      })
      sessionId = session.id
    } catch (error) {
      // Another process created it meanwhile: continue that session.
      if (!(AdkFluentError.isInstance(error) && error.code === 'SESSION_EXISTS')) throw error
    }
  }
  const config = runConfigOf(options, runConfig)
  const { abortSignal, timeoutMs } = options
  const request = {
    userId,
    sessionId: sessionId as string,
    newMessage: { role: 'user', parts: [{ text: prompt }] },
    ...(options.state ? { stateDelta: { ...options.state } } : {}),
    ...(config ? { runConfig: config } : {}),
  }
  if (timeoutMs === undefined) return runner.runAsync(abortSignal ? { ...request, abortSignal } : request)
  return withTimeout(runner, request, abortSignal, timeoutMs)
}

/** The run with `timeoutMs`: cancelled (an `AbortError` naming the timeout) when it lasts longer. */
async function* withTimeout(
  runner: Runner,
  request: Parameters<Runner['runAsync']>[0],
  abortSignal: AbortSignal | undefined,
  timeoutMs: number,
): AsyncGenerator<Event, void, undefined> {
  const linked = createLinkedAbortController(abortSignal)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    linked.controller.abort(new AbortError(`The run was cancelled after its timeout of ${timeoutMs} ms (timeoutMs).`))
  }, timeoutMs)
  try {
    yield* runner.runAsync({ ...request, abortSignal: linked.controller.signal })
  } catch (error) {
    if (timedOut && AbortError.isInstance(error) && error.code === 'ABORTED') {
      throw new AbortError(`The run was cancelled after its timeout of ${timeoutMs} ms (timeoutMs).`, { cause: error })
    }
    throw error
  } finally {
    clearTimeout(timer)
    linked.dispose()
  }
}

/** {@link startRun} as one generator (for `.events()`, `.stream()`): yields every event of the turn. */
export async function* runEvents(
  build: () => BaseAgent,
  prompt: string,
  options: RunOptions = {},
  runConfig?: RunConfig,
): AsyncGenerator<Event, void, undefined> {
  yield* await startRun(build, prompt, options, runConfig)
}
