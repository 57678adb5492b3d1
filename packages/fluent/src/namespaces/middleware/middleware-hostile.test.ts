import { describe, expect, it } from 'vitest'
import { BasePlugin, InMemoryRunner, InMemorySessionService, ModelError, PluginError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, M, Pipeline, T } from '../../index.js'

// Issue 39: middleware that throws, hangs or answers nonsense fails the call cleanly: a typed error naming it, or the
// run's own timeout or abort; the session stays well-formed.

const never = () => new Promise<never>(() => undefined)

type HookName =
  | 'onToolErrorCallback'
  | 'beforeModelCallback'
  | 'afterModelCallback'
  | 'onModelErrorCallback'
  | 'beforeToolCallback'
  | 'afterToolCallback'
  | 'onEventCallback'
  | 'beforeAgentCallback'

/** A plugin whose `hook` does `behaviour` and whose other hooks do nothing. */
function pluginWith(name: string, hook: HookName, behaviour: () => unknown): BasePlugin {
  const plugin = new (class extends BasePlugin {})(name)
  ;(plugin as unknown as Record<string, unknown>)[hook] = behaviour
  return plugin
}

async function rejection(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (error: unknown) => error,
  )
}

/** An agent whose model calls a tool once, then answers; the tool fails when asked to. */
function toolAgent(failTool = false) {
  const lookupTool = T.fn(
    async function lookup() {
      if (failTool) throw new Error('tool broke')
      return { found: true }
    },
    { description: 'Looks up.' },
  )
  return Agent('worker')
    .model(
      new ScriptedLlm([
        { content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } },
        'done',
      ]),
    )
    .tools(lookupTool)
}

describe('middleware that misbehaves', () => {
  it('a middleware that never resolves gives way to .ask({ timeoutMs }) and to an abort, in every model hook', async () => {
    for (const hook of ['beforeModelCallback', 'afterModelCallback'] as const) {
      const stuck = Agent('a')
        .model(new ScriptedLlm(['hi', 'hi']))
        .use(pluginWith('stuck', hook, never))
      const timedOut = await rejection(stuck.ask('go', { timeoutMs: 50 }))
      expect(timedOut, hook).toMatchObject({ code: 'ABORTED', message: expect.stringContaining('timeoutMs') })
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 20)
      expect(await rejection(stuck.ask('go', { abortSignal: controller.signal })), hook).toMatchObject({
        code: 'ABORTED',
      })
    }
    const failing = Agent('a')
      .model(new ScriptedLlm([new Error('model down')]))
      .use(pluginWith('stuck', 'onModelErrorCallback', never))
    expect(await rejection(failing.ask('go', { timeoutMs: 50 }))).toMatchObject({ code: 'ABORTED' })
  })

  it('a runner plugin that never resolves in a tool, agent or event hook gives way to the timeout too', async () => {
    for (const hook of [
      'beforeToolCallback',
      'afterToolCallback',
      'onToolErrorCallback',
      'onEventCallback',
      'beforeAgentCallback',
    ] as const) {
      const agent = toolAgent(hook === 'onToolErrorCallback')
      const runner = new InMemoryRunner({ agent: agent.build(), plugins: [pluginWith('stuck', hook, never)] })
      const error = await rejection(agent.ask('go', { timeoutMs: 50, runner }))
      expect(error, hook).toMatchObject({ code: 'ABORTED' })
    }
  })

  it('a middleware that throws fails the call with a PluginError naming it and the hook; the session stays usable', async () => {
    const cases: [HookName, ReturnType<typeof toolAgent> | ReturnType<typeof Agent>][] = [
      ['beforeModelCallback', Agent('a').model(new ScriptedLlm(['x']))],
      ['afterModelCallback', Agent('a').model(new ScriptedLlm(['x']))],
      ['onModelErrorCallback', Agent('a').model(new ScriptedLlm([new Error('model down')]))],
    ]
    for (const [hook, agent] of cases) {
      const throwing = pluginWith('m_custom', hook, () => {
        throw new TypeError('cannot read x of undefined')
      })
      const sessionService = new InMemorySessionService()
      const error = await rejection(agent.use(throwing).ask('go', { sessionService, sessionId: 's1' }))
      expect(PluginError.isInstance(error), hook).toBe(true)
      expect(error, hook).toMatchObject({
        code: 'PLUGIN_FAILED',
        pluginName: 'm_custom',
        hook,
        message: `Error in plugin 'm_custom' during '${hook}' callback: cannot read x of undefined`,
      })
      const session = await sessionService.getSession({ appName: 'a', userId: 'user', sessionId: 's1' })
      expect(session?.events.map((event) => event.author)[0], hook).toBe('user')
    }
    for (const hook of ['beforeToolCallback', 'afterToolCallback', 'onToolErrorCallback', 'onEventCallback'] as const) {
      const plugin = pluginWith('runner_plugin', hook, () => Promise.reject(new Error('async failure')))
      const agent = toolAgent(hook === 'onToolErrorCallback')
      const runner = new InMemoryRunner({ agent: agent.build(), plugins: [plugin] })
      const error = await rejection(agent.ask('go', { runner }))
      expect(error, hook).toMatchObject({ code: 'PLUGIN_FAILED', pluginName: 'runner_plugin', hook })
    }
  })

  it('a middleware that answers with something that is not an object fails the call, naming it', async () => {
    for (const answer of [42, 'replace me', true]) {
      const odd = pluginWith('m_odd', 'beforeModelCallback', () => answer)
      const error = await rejection(
        Agent('a')
          .model(new ScriptedLlm(['x']))
          .use(odd)
          .ask('go'),
      )
      expect(error, String(answer)).toMatchObject({ code: 'PLUGIN_FAILED', pluginName: 'm_odd' })
      expect((error as Error).message).toContain(`it returned ${typeof answer}`)
    }
  })

  it("a guard's or circuit's own error passes through a pipeline unwrapped; M.log's failing sink is a PluginError", async () => {
    const sink = () => {
      throw new Error('disk full')
    }
    const flow = Pipeline('p')
      .step(Agent('a').model(new ScriptedLlm(['x'])))
      .use(M.log({ sink }))
    expect(await rejection(flow.ask('go'))).toMatchObject({ code: 'PLUGIN_FAILED', pluginName: 'm_log' })
    const breaker = M.circuitBreaker({ failures: 1, resetMs: 60_000 })
    const agent = Agent('b')
      .model(new ScriptedLlm([new Error('down'), 'never']))
      .use(breaker)
    await agent.ask('go').catch(() => undefined)
    expect(await rejection(agent.ask('again'))).toMatchObject({ code: 'CIRCUIT_OPEN' })
  })

  it('M.retry refuses a backoff no timer can wait, and caps a doubled one', async () => {
    for (const backoffMs of [Number.POSITIVE_INFINITY, 2 ** 31, Number.NaN, -1])
      expect(() => M.retry({ attempts: 2, backoffMs }), String(backoffMs)).toThrow(/backoffMs/)
    const waits: number[] = []
    // The adapters' schedule (issue 40): doubling from backoffMs with equal jitter, each wait capped at maxDelayMs,
    // which no timer-overflowing value passes.
    expect(() => M.retry({ maxDelayMs: 2 ** 31 })).toThrow(/maxDelayMs must be zero or more and at most 2147483647/)
    const retry = M.retry({
      attempts: 4,
      backoffMs: 2 ** 30,
      maxDelayMs: 2 ** 31 - 1,
      sleep: async (ms) => void waits.push(ms),
    })
    const model = new ScriptedLlm([
      new ModelError('HTTP 503', { status: 503 }),
      new ModelError('HTTP 503', { status: 503 }),
      new ModelError('HTTP 503', { status: 503 }),
      'ok',
    ])
    expect(await Agent('r').model(model).use(retry).ask('go')).toBe('ok')
    const caps = [2 ** 30, 2 ** 31 - 1, 2 ** 31 - 1]
    expect(waits).toHaveLength(3)
    waits.forEach((wait, index) => {
      expect(wait).toBeLessThanOrEqual(caps[index] as number)
      expect(wait).toBeGreaterThanOrEqual((caps[index] as number) / 2 - 1)
    })
  })
})
