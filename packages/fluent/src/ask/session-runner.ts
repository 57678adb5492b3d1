import {
  InMemoryArtifactService,
  Runner,
  type BaseAgent,
  type BaseMemoryService,
  type BaseSessionService,
} from '@adk-fluent/core'

/** What a runner on a caller's session service is made of, besides the tree and the service. */
export interface SessionRunnerSettings {
  readonly appName: string
  readonly memoryService: BaseMemoryService | undefined
  readonly memoryAutoSave: boolean | undefined
}

type BySettings = Map<string, WeakMap<object, Runner>>

/** Runners by built tree, then session service, then app name and auto-save, then memory service. */
const runners = new WeakMap<BaseAgent, WeakMap<BaseSessionService, BySettings>>()

/** Stands for "no memory service" as a weak-map key. */
const noMemory = Object.freeze({})

/**
 * The runner `.ask()`, `.stream()` and `.events()` use for a built tree on a caller's session service: made once per
 * (tree, service, app name, memory service, auto-save) and reused by every later run with the same, as long as the
 * tree and the service are alive (weak keys: nothing is kept for a builder or service that is gone). Its artifact
 * service is one in-memory store, so an artifact saved in a session is still there when a later run in this process
 * continues that session. The runner keeps no per-run state (a run's session lease is held by the session service),
 * so concurrent runs share it safely; each run has its own session unless the caller names the same `sessionId`.
 */
export function sessionRunner(
  agent: BaseAgent,
  sessionService: BaseSessionService,
  settings: SessionRunnerSettings,
): Runner {
  let byService = runners.get(agent)
  if (!byService) runners.set(agent, (byService = new WeakMap()))
  let bySettings = byService.get(sessionService)
  if (!bySettings) byService.set(sessionService, (bySettings = new Map()))
  const key = `${settings.appName}\u0000${String(settings.memoryAutoSave)}`
  let byMemory = bySettings.get(key)
  if (!byMemory) bySettings.set(key, (byMemory = new WeakMap()))
  const memoryKey = settings.memoryService ?? noMemory
  const cached = byMemory.get(memoryKey)
  if (cached) return cached
  const runner = new Runner({
    appName: settings.appName,
    agent,
    sessionService,
    // Resumable: a pause stops the steps after it, and any process with the same service can answer it.
    resumabilityConfig: { isResumable: true },
    artifactService: new InMemoryArtifactService(),
    ...(settings.memoryService ? { memoryService: settings.memoryService } : {}),
    ...(settings.memoryAutoSave === undefined ? {} : { memoryAutoSave: settings.memoryAutoSave }),
  })
  byMemory.set(memoryKey, runner)
  return runner
}
