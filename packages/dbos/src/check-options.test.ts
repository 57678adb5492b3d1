import { ConfigError, InMemorySessionService, LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { DurableClient, DurableRunner } from './index.js'
import { checkOptions, checkStartRun } from './check-options.js'
import type { StartRunRequest } from './durable-client.js'

const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm(['x']) })

describe('durable options are checked before anything connects', () => {
  it('DurableRunner.launch lists every bad option at once, naming each', async () => {
    const error = await DurableRunner.launch({
      appName: '',
      databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
      agent,
      sessionService: new InMemorySessionService(),
      workerConcurrency: 0,
      concurrency: 2.5,
      queuePollMs: Number.NaN,
      storeRetryMs: -1,
      retainRunsMs: 0,
      leaseTtlMs: 0,
      heartbeatMs: 5000,
      deadAfterMs: 3000,
    }).catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(error)).toBe(true)
    const issues = (error as ConfigError).issues.map((issue) => issue.path.join('.'))
    expect(issues).toEqual([
      'DurableRunner.launch.appName',
      'DurableRunner.launch.workerConcurrency',
      'DurableRunner.launch.concurrency',
      'DurableRunner.launch.leaseTtlMs',
      'DurableRunner.launch.queuePollMs',
      'DurableRunner.launch.storeRetryMs',
      'DurableRunner.launch.retainRunsMs',
      'DurableRunner.launch.heartbeatMs',
    ])
    expect((error as Error).message).toContain('heartbeatMs (5000) must be shorter than deadAfterMs (3000)')
    expect((error as Error).message).toContain('workerConcurrency must be a whole number ≥ 1, got 0')
  })

  it('DurableClient.connect too (the heartbeat is a runner option: not checked there)', async () => {
    const error = await DurableClient.connect({
      appName: 'app',
      databaseUrl: '',
      version: 'v1',
      pollMs: -5,
      deadAfterMs: 1000,
    }).catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(error)).toBe(true)
    expect((error as ConfigError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'DurableClient.connect.databaseUrl',
      'DurableClient.connect.pollMs',
    ])
  })

  it('retainRunsMs may be Infinity (keep every run); storeRetryMs may be 0 (fail at the first store failure)', () => {
    expect(() =>
      checkOptions('DurableRunner.launch', {
        appName: 'a',
        databaseUrl: 'postgresql://x/y',
        retainRunsMs: Infinity,
        storeRetryMs: 0,
        agent,
        sessionService: new InMemorySessionService(),
      }),
    ).not.toThrow()
    expect(() =>
      checkOptions('DurableRunner.launch', { appName: 'a', databaseUrl: 'postgresql://x/y', pollMs: Infinity }),
    ).toThrow('pollMs must be a number of milliseconds > 0, got Infinity')
  })

  it("a client's sessionService is optional; when given it must be a session service", () => {
    const base = { appName: 'a', databaseUrl: 'postgresql://x/y', version: 'v1' }
    expect(() => checkOptions('DurableClient.connect', base)).not.toThrow()
    expect(() =>
      checkOptions('DurableClient.connect', { ...base, sessionService: new InMemorySessionService() }),
    ).not.toThrow()
    expect(() => checkOptions('DurableClient.connect', { ...base, sessionService: { getSession: () => 1 } })).toThrow(
      'sessionService must be a session service (it has no createSession, appendEvent), got an object.',
    )
  })

  it('launch without agent or sessionService, or with non-string ids: one ConfigError listing each (the database is never reached)', async () => {
    const error = await DurableRunner.launch({
      appName: 'app',
      databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
      workerId: 7,
      version: '',
      queueName: '  ',
      sessionService: { getSession: async () => undefined },
    } as unknown as Parameters<typeof DurableRunner.launch>[0]).catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(error)).toBe(true)
    expect((error as ConfigError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'DurableRunner.launch.queueName',
      'DurableRunner.launch.agent',
      'DurableRunner.launch.version',
      'DurableRunner.launch.workerId',
      'DurableRunner.launch.sessionService',
    ])
    expect((error as Error).message).toContain('agent is missing: a worker executes runs of one agent tree')
    expect((error as Error).message).toContain('it has no createSession, appendEvent')
    const missing = await DurableRunner.launch({
      appName: 'app',
      databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
      agent: 'not an agent',
    } as unknown as Parameters<typeof DurableRunner.launch>[0]).catch((caught: unknown) => caught)
    expect((missing as ConfigError).issues.map((issue) => issue.message)).toEqual([
      'agent must be an agent (an LlmAgent, a SequentialAgent, a fluent build(), …), got "not an agent".',
      'sessionService is missing: a durable run reads and appends its session there.',
    ])
  })

  it('connect without agent and version (or with an empty version) is a ConfigError, not a client of version undefined', async () => {
    const url = 'postgresql://nobody@127.0.0.1:1/none'
    const neither = await DurableClient.connect({ appName: 'app', databaseUrl: url } as unknown as Parameters<
      typeof DurableClient.connect
    >[0]).catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(neither)).toBe(true)
    expect((neither as ConfigError).issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining('agent or version is missing'),
    ])
    const empty = await DurableClient.connect({ appName: 'app', databaseUrl: url, version: '' }).catch(
      (caught: unknown) => caught,
    )
    expect((empty as ConfigError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'DurableClient.connect.version',
    ])
  })

  it('startRun checks userId, sessionId, runId, newMessage and stateDelta at once, before anything is enqueued', () => {
    const bad = { runId: 42, newMessage: { role: 'user', parts: [] }, stateDelta: [1] } as unknown as StartRunRequest
    let error: unknown
    try {
      checkStartRun(bad)
    } catch (caught) {
      error = caught
    }
    expect(ConfigError.isConfigError(error)).toBe(true)
    expect((error as ConfigError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'startRun.userId',
      'startRun.sessionId',
      'startRun.runId',
      'startRun.newMessage',
      'startRun.stateDelta',
    ])
    expect((error as Error).message).toContain('runId must be a non-empty string, got 42')
    expect(() =>
      checkStartRun({ userId: 'u', sessionId: 's', runId: 'r', newMessage: { role: 'user', parts: [{ text: 'go' }] } }),
    ).not.toThrow()
  })
})
