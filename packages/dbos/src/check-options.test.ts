import { ConfigError, InMemorySessionService, LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { DurableClient, DurableRunner } from './index.js'
import { checkOptions } from './check-options.js'

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
      }),
    ).not.toThrow()
    expect(() =>
      checkOptions('DurableRunner.launch', { appName: 'a', databaseUrl: 'postgresql://x/y', pollMs: Infinity }),
    ).toThrow('pollMs must be a number of milliseconds > 0, got Infinity')
  })
})
