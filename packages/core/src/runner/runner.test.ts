import type { Content } from '../models/genai-types.js'
import { describe, expect, it, vi } from 'vitest'
import type { InvocationContext } from '../agents/invocation-context.js'
import { LlmAgent } from '../agents/llm-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { ConfigError } from '../errors/config-error.js'
import { AbortError, SessionNotFoundError } from '../errors/runtime-errors.js'
import { createEvent, type Event } from '../events/event.js'
import { BaseLlm } from '../models/base-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { BasePlugin } from '../plugins/base-plugin.js'
import { GlobalInstructionPlugin } from '../plugins/global-instruction-plugin.js'
import { PluginManager } from '../plugins/plugin-manager.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { APP_NAME, USER_ID, createHarness, deferred, simplify, userText } from '../testing/harness.test-helper.js'
import { InMemoryRunner } from './in-memory-runner.js'
import { Runner } from './runner.js'

const agentWith = (llm: BaseLlm, extra: Partial<ConstructorParameters<typeof LlmAgent>[0]> = {}) =>
  new LlmAgent({ name: 'root_agent', model: llm, ...extra })

async function collect(generator: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const events: Event[] = []
  for await (const event of generator) events.push(event)
  return events
}

describe('Runner (spec 10.13 #110–114)', () => {
  it('#110 a missing session is an error', async () => {
    const runner = new InMemoryRunner({ agent: agentWith(new ScriptedLlm([])), appName: APP_NAME })
    const run = collect(runner.runAsync({ userId: USER_ID, sessionId: 'nope', newMessage: userText('hi') }))
    await expect(run).rejects.toThrow(SessionNotFoundError)
    await expect(
      collect(runner.runAsync({ userId: USER_ID, sessionId: 'nope', newMessage: userText('hi') })),
    ).rejects.toThrow('Session not found: nope')
  })

  it('#111 a message without parts is an error and nothing is stored', async () => {
    const harness = await createHarness(agentWith(new ScriptedLlm(['never'])))
    await expect(harness.run({ role: 'user', parts: [] })).rejects.toThrow('No parts in the newMessage.')
    await expect(harness.run({ role: 'user' })).rejects.toThrow(ConfigError)
    expect((await harness.session()).events).toEqual([])
  })

  it('a client message may not contain runtime function calls', async () => {
    const harness = await createHarness(agentWith(new ScriptedLlm(['never'])))
    const message: Content = { role: 'user', parts: [{ functionCall: { name: 'adk_request_confirmation', args: {} } }] }
    await expect(harness.run(message)).rejects.toThrow(
      "A client message may not contain a 'adk_request_confirmation' function call",
    )
  })

  it('#112 the user event is stored first, with the invocation id of the run, and is not yielded', async () => {
    const harness = await createHarness(agentWith(new ScriptedLlm(['hello'])))
    const events = await harness.run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'hello']])
    const session = await harness.session()
    expect(session.events).toHaveLength(2)
    expect(session.events[0]).toMatchObject({
      author: 'user',
      content: userText('hi'),
      invocationId: events[0]?.invocationId,
    })
    expect(events[0]?.invocationId).toMatch(/^e-[0-9a-f-]{36}$/)
    expect(session.events[1]).toBe(events[0])
  })

  it('a message without a role is sent as the user’s', async () => {
    const llm = new ScriptedLlm(['ok'])
    const harness = await createHarness(agentWith(llm))
    await harness.run({ parts: [{ text: 'no role' }] })
    expect(llm.requests[0]?.contents).toEqual([userText('no role')])
  })

  it('#113 stateDelta is stored on the user event and applied before the agent runs', async () => {
    const llm = new ScriptedLlm(['ok'])
    const harness = await createHarness(
      agentWith(llm, { instruction: 'k is {k}', disallowTransferToParent: true, disallowTransferToPeers: true }),
    )
    await harness.run('hi', { stateDelta: { k: 1 } })
    expect(llm.requests[0]?.config.systemInstruction).toBe('k is 1')
    const session = await harness.session()
    expect(session.events[0]?.actions.stateDelta).toEqual({ k: 1 })
    expect(session.state['k']).toBe(1)
  })

  it('#114 SSE: partial chunks are yielded but only the aggregated event is stored', async () => {
    const harness = await createHarness(agentWith(new ScriptedLlm(['hello world'])))
    const events = await harness.run('hi', { runConfig: { streamingMode: 'sse' } })
    expect(events.map((event) => [event.partial ?? false, event.content?.parts?.[0]?.text])).toEqual([
      [true, 'hello '],
      [true, 'world'],
      [false, 'hello world'],
    ])
    const stored = (await harness.session()).events
    expect(stored.map((event) => event.content?.parts?.[0]?.text)).toEqual(['hi', 'hello world'])
  })

  it('streamed chunks and the aggregated event of one model call get distinct ids (spec 1.6)', async () => {
    const harness = await createHarness(agentWith(new ScriptedLlm(['one two three'])))
    const events = await harness.run('hi', { runConfig: { streamingMode: 'sse' } })
    expect(events).toHaveLength(4)
    expect(new Set(events.map((event) => event.id)).size).toBe(4)
  })

  it('keeps one session across turns and runs on any BaseSessionService', async () => {
    const sessionService = new InMemorySessionService()
    const runner = new Runner({ appName: 'custom', agent: agentWith(new ScriptedLlm(['one', 'two'])), sessionService })
    const session = await sessionService.createSession({ appName: 'custom', userId: 'u' })
    await collect(runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: userText('a') }))
    await collect(runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: userText('b') }))
    const stored = await sessionService.getSession({ appName: 'custom', userId: 'u', sessionId: session.id })
    expect(stored?.events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['a', 'one', 'b', 'two'])
    expect(new Set(stored?.events.map((event) => event.invocationId)).size).toBe(2)
  })
})

describe('plugins through a run (spec 10.13 #115–120)', () => {
  it('#115 onUserMessageCallback replaces the stored message', async () => {
    class Rewrite extends BasePlugin {
      override onUserMessageCallback() {
        return { role: 'model', parts: [{ text: 'Modified user message ON_USER_MESSAGE_CALLBACK_MSG' }] }
      }
    }
    const llm = new ScriptedLlm(['ok'])
    const harness = await createHarness(agentWith(llm), { plugins: [new Rewrite('rewrite')] })
    await harness.run('original')
    const first = (await harness.session()).events[0]
    expect(first?.content?.parts?.[0]?.text).toBe('Modified user message ON_USER_MESSAGE_CALLBACK_MSG')
    expect(first?.author).toBe('user')
  })

  it('#116 onEventCallback replaces the event but keeps its id, invocation id and timestamp', async () => {
    class Replace extends BasePlugin {
      override onEventCallback({ event }: { event: Event }) {
        return createEvent({
          id: 'other_id',
          invocationId: 'other',
          timestamp: 1,
          content: { role: 'model', parts: [{ text: `replaced ${event.author}` }] },
        })
      }
    }
    const harness = await createHarness(agentWith(new ScriptedLlm(['original'])), { plugins: [new Replace('replace')] })
    const captured: Event[] = []
    const spy = vi.spyOn(harness.runner.sessionService, 'appendEvent')
    const events = await harness.run('hi')
    for (const [request] of spy.mock.calls) captured.push(request.event)
    expect(events).toHaveLength(1)
    const [event] = events as [Event]
    expect(event.content?.parts?.[0]?.text).toBe('replaced root_agent')
    expect(event.author).toBe('root_agent')
    expect(event.id).not.toBe('other_id')
    expect(event.timestamp).not.toBe(1)
    expect(event.invocationId).toBe(captured[0]?.invocationId)
    expect((await harness.session()).events[1]).toBe(event)
  })

  it('#117 beforeRunCallback content ends the run with one model-authored event; the agent does not run', async () => {
    class Stop extends BasePlugin {
      override beforeRunCallback() {
        return { role: 'model', parts: [{ text: 'maintenance' }] }
      }
    }
    const llm = new ScriptedLlm(['never'])
    const harness = await createHarness(agentWith(llm), { plugins: [new Stop('stop')] })
    const events = await harness.run('hi')
    expect(simplify(events)).toEqual([['model', 'maintenance']])
    expect(llm.requests).toHaveLength(0)
    expect((await harness.session()).events.map((event) => event.author)).toEqual(['user', 'model'])
  })

  it('#118 afterRunCallback is called once, after the agent finished', async () => {
    const seen: number[] = []
    class After extends BasePlugin {
      override afterRunCallback({ invocationContext }: { invocationContext: InvocationContext }) {
        seen.push(invocationContext.session.events.length)
        return undefined
      }
    }
    const harness = await createHarness(agentWith(new ScriptedLlm(['a'])), { plugins: [new After('after')] })
    await harness.run('hi')
    expect(seen).toEqual([2])
  })

  it('#119 plugin registration rules, first result wins, and errors name the plugin and hook', async () => {
    class Named extends BasePlugin {}
    const plugin = new Named('x')
    const manager = new PluginManager([plugin])
    expect(() => manager.registerPlugin(plugin)).toThrow("Plugin 'x' already registered.")
    expect(() => manager.registerPlugin(new Named('x'))).toThrow("Plugin with name 'x' already registered.")
    expect(() => new InMemoryRunner({ agent: agentWith(new ScriptedLlm([])), plugins: [plugin, plugin] })).toThrow(
      "Plugin 'x' already registered.",
    )

    const later = vi.fn(() => undefined)
    class First extends BasePlugin {
      override beforeModelCallback() {
        return { content: { role: 'model', parts: [{ text: 'first' }] } }
      }
    }
    class Later extends BasePlugin {
      override beforeModelCallback() {
        return later()
      }
    }
    const harness = await createHarness(agentWith(new ScriptedLlm([])), {
      plugins: [new First('first'), new Later('later')],
    })
    expect(simplify(await harness.run('hi'))).toEqual([['root_agent', 'first']])
    expect(later).not.toHaveBeenCalled()

    class Broken extends BasePlugin {
      override beforeModelCallback(): undefined {
        throw new Error('plugin exploded')
      }
    }
    const broken = await createHarness(agentWith(new ScriptedLlm(['never'])), { plugins: [new Broken('broken')] })
    await expect(broken.run('hi')).rejects.toThrow(
      "Error in plugin 'broken' during 'beforeModelCallback' callback: plugin exploded",
    )
  })

  it('#120 GlobalInstructionPlugin puts its injected text in front of the agent’s system instruction', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = agentWith(llm, { instruction: 'I', disallowTransferToParent: true, disallowTransferToPeers: true })
    const harness = await createHarness(agent, {
      state: { user: 'Ann' },
      plugins: [new GlobalInstructionPlugin('Be nice to {user}')],
    })
    await harness.run('hi')
    expect(llm.requests[0]?.config.systemInstruction).toBe('Be nice to Ann\n\nI')
  })
})

describe('failures leave the session consistent', () => {
  it('a model that throws: one error event is stored and the next turn works', async () => {
    const llm = new ScriptedLlm([new Error('model down'), 'back'])
    const harness = await createHarness(agentWith(llm))
    const first = await harness.run('hi')
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ errorCode: 'UNKNOWN_ERROR', errorMessage: 'model down' })
    expect(simplify(await harness.run('again'))).toEqual([['root_agent', 'back']])
    expect(llm.requests[1]?.contents).toEqual([userText('hi'), userText('again')])
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user', 'root_agent', 'user', 'root_agent'])
  })

  it('a stream that fails after partial chunks stores only the error event', async () => {
    class BreaksMidStream extends BaseLlm {
      constructor() {
        super({ model: 'breaks' })
      }
      async *generateContentAsync(): AsyncGenerator<LlmResponse, void, undefined> {
        yield { content: { role: 'model', parts: [{ text: 'half an ans' }] }, partial: true }
        throw new Error('connection reset')
      }
    }
    const harness = await createHarness(agentWith(new BreaksMidStream()))
    const events = await harness.run('hi', { runConfig: { streamingMode: 'sse' } })
    expect(events.map((event) => event.partial ?? false)).toEqual([true, false])
    expect(events[1]?.errorMessage).toBe('connection reset')
    const stored = (await harness.session()).events
    expect(stored.map((event) => [event.author, event.content?.parts?.[0]?.text, event.errorMessage])).toEqual([
      ['user', 'hi', undefined],
      ['root_agent', undefined, 'connection reset'],
    ])
  })
})

/** A tool that ignores the abort signal: it finishes only when `release` resolves. */
function stubbornTool() {
  const toolStarted = deferred()
  const release = deferred()
  const stubborn = new FunctionTool({
    name: 'stubborn',
    description: 'Ignores aborts.',
    execute: async () => {
      toolStarted.resolve()
      await release.promise
      return { done: true }
    },
  })
  return { toolStarted, release, stubborn }
}

describe('abort', () => {
  // "Promptly" is measured against what the run would wait for without the abort (a 10 s model, a tool that never
  // returns on its own): bounds of 5 s stay far from both, and from a busy machine's scheduling delays.
  it('an already aborted signal stops the run before anything is stored', async () => {
    const llm = new ScriptedLlm(['never'])
    const harness = await createHarness(agentWith(llm))
    await expect(harness.run('hi', { abortSignal: AbortSignal.abort() })).rejects.toThrow(AbortError)
    expect((await harness.session()).events).toEqual([])
    expect(llm.requests).toHaveLength(0)
  })

  it('aborting during a slow model call stops promptly and stores no agent event', async () => {
    const llm = new ScriptedLlm(['too late'], { delayMs: 10_000 })
    const harness = await createHarness(agentWith(llm))
    const controller = new AbortController()
    const start = performance.now()
    setTimeout(() => controller.abort(), 20)
    await expect(harness.run('hi', { abortSignal: controller.signal })).rejects.toThrow(AbortError)
    expect(performance.now() - start).toBeLessThan(5_000)
    expect((await harness.session()).events.map((event) => event.author)).toEqual(['user'])
  })

  it('a model that ignores the abort signal cannot hold the run: it stops promptly, the late answer is dropped', async () => {
    class DeafModel extends BaseLlm {
      constructor() {
        super({ model: 'deaf' })
      }
      async *generateContentAsync(): AsyncGenerator<LlmResponse, void, undefined> {
        await new Promise((resolve) => setTimeout(resolve, 10_000).unref())
        yield { content: { role: 'model', parts: [{ text: 'too late' }] } }
      }
    }
    const harness = await createHarness(agentWith(new DeafModel()))
    const controller = new AbortController()
    const start = performance.now()
    setTimeout(() => controller.abort(), 20)
    await expect(harness.run('hi', { abortSignal: controller.signal })).rejects.toThrow(AbortError)
    expect(performance.now() - start).toBeLessThan(5_000)
    expect((await harness.session()).events.map((event) => event.author)).toEqual(['user'])
  })

  it('aborting while a tool runs: the tool’s result is not stored and the model is not called again', async () => {
    const toolStarted = deferred()
    const finishTool = deferred()
    const slow = new FunctionTool({
      name: 'slow',
      description: 'Slow.',
      execute: async (_args, context) => {
        context.state.set('written_by_tool', true)
        toolStarted.resolve()
        await finishTool.promise
        return { done: true }
      },
    })
    const llm = new ScriptedLlm([call('slow', {}), 'never'])
    const harness = await createHarness(agentWith(llm, { tools: [slow] }))
    const controller = new AbortController()
    const run = harness.run('hi', { abortSignal: controller.signal })
    await toolStarted.promise
    controller.abort()
    finishTool.resolve()
    await expect(run).rejects.toThrow(AbortError)
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user', 'root_agent'])
    expect(session.events[1]?.content?.parts?.[0]?.functionCall?.name).toBe('slow')
    expect(session.state).not.toHaveProperty('written_by_tool')
    expect(llm.requests).toHaveLength(1)
  })

  it('aborting while a tool ignores the signal still returns promptly; its late result is dropped', async () => {
    const { toolStarted, release, stubborn } = stubbornTool()
    const llm = new ScriptedLlm([call('stubborn', {}), 'never'])
    const harness = await createHarness(agentWith(llm, { tools: [stubborn] }))
    const controller = new AbortController()
    const run = harness.run('hi', { abortSignal: controller.signal })
    await toolStarted.promise
    const start = performance.now()
    controller.abort()
    await expect(run).rejects.toThrow(AbortError)
    expect(performance.now() - start).toBeLessThan(5_000)
    release.resolve()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect((await harness.session()).events.map((event) => event.author)).toEqual(['user', 'root_agent'])
    expect(llm.requests).toHaveLength(1)
  })

  it('aborting after an event was received stops before the next one', async () => {
    const llm = new ScriptedLlm([call('noop', {}), 'never'])
    const noop = new FunctionTool({ name: 'noop', description: 'Nothing.', execute: () => ({}) })
    const harness = await createHarness(agentWith(llm, { tools: [noop] }))
    const controller = new AbortController()
    const received: Event[] = []
    const generator = harness.runner.runAsync({
      userId: USER_ID,
      sessionId: harness.sessionId,
      newMessage: userText('hi'),
      abortSignal: controller.signal,
    })
    const consume = async () => {
      for await (const event of generator) {
        received.push(event)
        controller.abort()
      }
    }
    await expect(consume()).rejects.toThrow(AbortError)
    expect(received).toHaveLength(1)
    expect((await harness.session()).events).toHaveLength(2)
    expect(llm.requests).toHaveLength(1)
  })

  it('aborting a ParallelAgent run returns promptly even while a branch’s tool ignores the signal', async () => {
    const { toolStarted, release, stubborn } = stubbornTool()
    const parallel = new ParallelAgent({
      name: 'par',
      subAgents: [
        new LlmAgent({ name: 'a', model: new ScriptedLlm([call('stubborn', {}), 'never']), tools: [stubborn] }),
        new LlmAgent({ name: 'b', model: new ScriptedLlm(['b answer'], { delayMs: 10_000 }) }),
      ],
    })
    const harness = await createHarness(parallel)
    const controller = new AbortController()
    const run = harness.run('hi', { abortSignal: controller.signal })
    await toolStarted.promise
    const start = performance.now()
    controller.abort()
    await expect(run).rejects.toThrow(AbortError)
    expect(performance.now() - start).toBeLessThan(5_000)
    release.resolve()
    await new Promise((resolve) => setTimeout(resolve, 10))
    const authors = (await harness.session()).events.map((event) => event.author)
    expect(authors).toEqual(['user', 'a'])
  })

  it('the abort signal reaches the model', async () => {
    const signals: Array<AbortSignal | undefined> = []
    class Recording extends BaseLlm {
      constructor() {
        super({ model: 'recording' })
      }
      async *generateContentAsync(_request: LlmRequest, _stream?: boolean, abortSignal?: AbortSignal) {
        signals.push(abortSignal)
        yield { content: { role: 'model', parts: [{ text: 'ok' }] } } satisfies LlmResponse
      }
    }
    const controller = new AbortController()
    await (await createHarness(agentWith(new Recording()))).run('hi', { abortSignal: controller.signal })
    expect(signals).toEqual([controller.signal])
  })
})

describe('a scripted model that runs out of replies', () => {
  it('throws a ConfigError naming the agent instead of ending the run with an error event', async () => {
    const { LlmAgent: Agent, InMemoryRunner: Runner, ConfigError: Config } = await import('../index.js')
    const { ScriptedLlm: Scripted } = await import('../testing/index.js')
    const runner = new Runner({ agent: new Agent({ name: 'solo', model: new Scripted([]) }), appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    const run = async () => {
      for await (const _event of runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: 'hi' }] },
      })) {
        // drain
      }
    }
    const error = await run().catch((caught: unknown) => caught)
    expect(Config.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('ScriptedLlm for agent "solo" has no reply left')
  })
})
