import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { LlmAgent } from '../agents/llm-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { BasePlugin } from '../plugins/base-plugin.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { Runner } from '../runner/runner.js'
import { ScriptedLlm } from '../testing/scripted-llm.js'
import { App, isApp, validateAppName } from './app.js'
import { createResumabilityConfig } from './resumability-config.js'

class DummyAgent extends BaseAgent {
  constructor(name = 'dummy_agent') {
    super({ name })
  }
  protected async *runAsyncImpl(_ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {}
}

class DummyPlugin extends BasePlugin {
  constructor(name = 'dummy_plugin') {
    super(name)
  }
}

describe('validateAppName (ADK rule)', () => {
  it('allows letters, digits, _ and - after a first letter; refuses the rest and "user"', () => {
    for (const name of ['my_app', 'MyApp123-test', 'A']) expect(() => validateAppName(name)).not.toThrow()
    for (const name of ['123app', '-app', 'my app', 'my/app'])
      expect(() => validateAppName(name)).toThrow(`Invalid app name '${name}'`)
    expect(() => validateAppName('user')).toThrow(/reserved for end-user input/)
  })
})

describe('App', () => {
  it('holds the root agent, plugins and resumability; isApp recognises it', () => {
    const rootAgent = new DummyAgent('root')
    const app = new App({ name: 'test_app', rootAgent })
    expect(app.name).toBe('test_app')
    expect(app.rootAgent).toBe(rootAgent)
    expect(app.plugins).toEqual([])
    expect(app.resumabilityConfig).toBeUndefined()
    expect(isApp(app)).toBe(true)
    expect(isApp({})).toBe(false)
    expect(isApp(rootAgent)).toBe(false)
    const plugin = new DummyPlugin('p1')
    expect(new App({ name: 'configured_app', rootAgent: new DummyAgent('r2'), plugins: [plugin] }).plugins).toEqual([
      plugin,
    ])
  })

  it('throws for a missing or foreign root agent, every problem at once', () => {
    expect(() => new App({ name: 'test_app', rootAgent: undefined as never })).toThrow('rootAgent must be provided.')
    expect(() => new App({ name: 'test_app', rootAgent: { name: 'fake' } as never })).toThrow(
      /rootAgent must be a BaseAgent instance/,
    )
    let error: { issues?: unknown[] } | undefined
    try {
      new App({ name: '1bad', rootAgent: undefined as never, resumabilityConfig: { isResumable: 'yes' } as never })
    } catch (caught) {
      error = caught as { issues: unknown[] }
    }
    expect(error?.issues).toHaveLength(3)
  })

  it('a Runner takes name, agent, plugins and resumability from the app', async () => {
    const rootAgent = new LlmAgent({ name: 'root', model: new ScriptedLlm(['hi']) })
    const plugin = new DummyPlugin('from_app')
    const app = new App({
      name: 'shop',
      rootAgent,
      plugins: [plugin],
      resumabilityConfig: createResumabilityConfig({ isResumable: true }),
    })
    const sessionService = new InMemorySessionService()
    const runner = new Runner({ app, sessionService, plugins: [new DummyPlugin('extra')] })
    expect(runner.appName).toBe('shop')
    expect(runner.agent).toBe(rootAgent)
    expect(runner.pluginManager.plugins.map((item) => item.name)).toEqual(['from_app', 'extra'])
    expect(runner.resumabilityConfig).toEqual({ isResumable: true })
    const session = await sessionService.createSession({ appName: 'shop', userId: 'u' })
    const events: Event[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    }))
      events.push(event)
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['hi'])
    expect(createResumabilityConfig()).toEqual({ isResumable: false })
    expect(() => new Runner({ sessionService } as never)).toThrow(/needs an agent/)
    expect(() => new Runner({ agent: rootAgent, sessionService } as never)).toThrow(/needs an appName/)
    expect(() => new Runner({ app: { name: 'x' } as never, sessionService })).toThrow(/app must be an App/)
  })
})
