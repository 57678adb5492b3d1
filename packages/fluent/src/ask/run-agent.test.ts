import { describe, expect, it } from 'vitest'
import {
  BaseLlm,
  ConfigError,
  InMemorySessionService,
  type BaseAgent,
  type Context,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'

/** Answers every call with the same text; unlike a ScriptedLlm it has no script to use up. */
class EchoLlm extends BaseLlm {
  constructor() {
    super({ model: 'echo' })
  }
  override async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    yield { content: { role: 'model', parts: [{ text: 'done' }] } }
  }
}

/** Records the core agent each run executes. */
function recorder(): { seen: BaseAgent[]; callback: (context: Context) => undefined } {
  const seen: BaseAgent[] = []
  return {
    seen,
    callback: (context) => {
      seen.push((context as unknown as { invocationContext: { agent: BaseAgent } }).invocationContext.agent)
      return undefined
    },
  }
}

describe('runs reuse the built tree of a builder', () => {
  it('.ask(), .events() and .stream() of one builder run the same tree; build() still returns a fresh one', async () => {
    const { seen, callback } = recorder()
    const flow = Agent('a').model(new EchoLlm()).beforeAgent(callback).then(Agent('b').model(new EchoLlm()))
    expect(await flow.ask('one')).toBe('done')
    for await (const _ of flow.events('two'));
    for await (const _ of flow.stream('three'));
    expect(seen).toHaveLength(3)
    expect(seen[1]).toBe(seen[0])
    expect(seen[2]).toBe(seen[0])
    expect(flow.build()).not.toBe(flow.build())
  })

  it('a derived builder runs its own tree (builders are immutable, so the cache never goes stale)', async () => {
    const { seen, callback } = recorder()
    const base = Agent('a').model(new EchoLlm()).beforeAgent(callback)
    const derived = base.instruct('Be brief.')
    await base.ask('one')
    await derived.ask('two')
    await base.ask('three')
    expect(seen[1]).not.toBe(seen[0])
    expect(seen[2]).toBe(seen[0])
  })

  it('a .mock() tree is built per run, so every run replays its script from the start', async () => {
    const agent = Agent('a').mock([text('scripted')])
    expect(await agent.ask('one')).toBe('scripted')
    expect(await agent.ask('two')).toBe('scripted')
  })
})

/** Answers with the user's message, after `delayMs`: concurrent runs interleave. */
class ParrotLlm extends BaseLlm {
  constructor(private readonly delayMs = 0) {
    super({ model: 'parrot' })
  }
  override async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    const said = request.contents.at(-1)?.parts?.[0]?.text ?? ''
    yield { content: { role: 'model', parts: [{ text: `heard ${said}` }] } }
  }
}

describe('runs on a session service reuse one runner per tree and service', () => {
  it('an artifact saved in a session is there when a later .ask() continues it (one runner, one artifact store)', async () => {
    const sessionService = new InMemorySessionService()
    const loaded: (string | undefined)[] = []
    const agent = Agent('keeper')
      .model(new EchoLlm())
      .beforeAgent(async (context) => {
        const note = await context.loadArtifact('note.txt')
        loaded.push(note?.text)
        if (!note) await context.saveArtifact('note.txt', { text: 'kept' })
        return undefined
      })
    await agent.ask('one', { sessionService, sessionId: 's1' })
    await agent.ask('two', { sessionService, sessionId: 's1' })
    await agent.ask('three', { sessionService, sessionId: 's2' })
    // Before, every run had a fresh artifact store: the second run found nothing.
    expect(loaded).toEqual([undefined, 'kept', undefined])
    // Another service gets its own runner (and store).
    await agent.ask('four', { sessionService: new InMemorySessionService(), sessionId: 's1' })
    expect(loaded.at(-1)).toBeUndefined()
  })

  it('two concurrent .ask() on one builder and service run in sessions of their own, with states of their own', async () => {
    const sessionService = new InMemorySessionService()
    const agent = Agent('parrot').model(new ParrotLlm(5)).writes('answer')
    const answers = await Promise.all([
      agent.ask('first', { sessionService }),
      agent.ask('second', { sessionService }),
      agent.events('third', { sessionService }).next(),
    ])
    expect(answers.slice(0, 2)).toEqual(['heard first', 'heard second'])
    const { sessions } = await sessionService.listSessions({ appName: 'parrot', userId: 'user' })
    expect(sessions).toHaveLength(3)
    const states = sessions.map((session) => session.state['answer']).sort()
    expect(states).toEqual(['heard first', 'heard second', 'heard third'])
  })

  it('a builder that fails to build throws at every run (nothing is cached for it)', async () => {
    // Typed data flow rejects this at compile time too; a plain string type gets it past tsc to build().
    const broken = Agent('writer')
      .model(new EchoLlm())
      .instruct('Write about {topic}.' as string)
      .initialState('subject')
    const sessionService = new InMemorySessionService()
    for (const options of [{}, {}, { sessionService }, { sessionService }]) {
      const error = await broken.ask('go', options).catch((caught: unknown) => caught)
      expect(ConfigError.isInstance(error)).toBe(true)
      expect((error as Error).message).toContain('topic')
    }
    expect((await sessionService.listSessions({ appName: 'writer', userId: 'user' })).sessions).toHaveLength(0)
  })

  it('a derived builder gets its own tree and runner: the model sees its own instruction', async () => {
    const sessionService = new InMemorySessionService()
    const seen: string[] = []
    const model = new (class extends BaseLlm {
      constructor() {
        super({ model: 'spy' })
      }
      override async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void> {
        seen.push(String(request.config?.systemInstruction ?? ''))
        yield { content: { role: 'model', parts: [{ text: 'ok' }] } }
      }
    })()
    const base = Agent('a').model(model).instruct('Be brief.')
    const derived = base.instruct('Be thorough.')
    await base.ask('1', { sessionService })
    await derived.ask('2', { sessionService })
    await base.ask('3', { sessionService })
    expect(
      seen.map((text) => (text.includes('brief') ? 'brief' : text.includes('thorough') ? 'thorough' : text)),
    ).toEqual(['brief', 'thorough', 'brief'])
  })
})
