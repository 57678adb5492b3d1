// One suite every memory service passes: ADK's memory unit tests (in-memory, SQLite and database services, ported),
// isolation, ordering and limits, and injection-shaped queries. Not part of the package.
import {
  ConfigError,
  createEvent,
  type BaseMemoryService,
  type Content,
  type Event,
  type MemoryEntry,
  type Session,
} from '@adk-fluent/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

export interface MemoryFixture {
  service: BaseMemoryService
  close(): Promise<void>
}

const APP = 'test-app'
const USER = 'test-user'
const OTHER_USER = 'another-user'

function event(id: string, author: string, timestamp: number, content?: Content): Event {
  return createEvent({ id, invocationId: `inv-${id}`, author, timestamp, ...(content ? { content } : {}) })
}

function textContent(text: string, role?: string): Content {
  return role === undefined ? { parts: [{ text }] } : { role, parts: [{ text }] }
}

function session(id: string, events: Event[], userId = USER, appName = APP): Session {
  return { id, appName, userId, state: {}, events, lastUpdateTime: 0 }
}

// ADK's test_in_memory_memory_service.py sessions (timestamps in seconds there; milliseconds here).
const SESSION_1 = session('session-1', [
  event('event-1a', 'user', 12_345_000, textContent('The ADK is a great toolkit.')),
  event('event-1b', 'user', 12_346_000),
  event('event-1c', 'model', 12_347_000, textContent('I agree. The Agent Development Kit (ADK) rocks!')),
])
const SESSION_2 = session('session-2', [
  event('event-2a', 'user', 54_321_000, textContent('I like to code in Python.')),
])
const SESSION_OTHER_USER = session(
  'session-3',
  [event('event-3a', 'user', 60_000_000, textContent('This is a secret.'))],
  OTHER_USER,
)
const SESSION_NO_EVENTS = session('session-4', [])

function texts(memories: readonly MemoryEntry[]): string[] {
  return memories.map((memory) => (memory.content.parts ?? []).map((part) => part.text).join(' '))
}

export function describeMemoryService(name: string, open: () => Promise<MemoryFixture>): void {
  describe(`memory conformance: ${name}`, () => {
    let fixture: MemoryFixture
    let service: BaseMemoryService
    const search = (query: string, userId = USER, appName = APP, limit?: number) =>
      service.searchMemory({ appName, userId, query, ...(limit === undefined ? {} : { limit }) })

    beforeEach(async () => {
      fixture = await open()
      service = fixture.service
    })
    afterEach(async () => {
      await fixture.close()
    })

    describe("ADK's cases", () => {
      it('adds a session: events without content are left out', async () => {
        await service.addSessionToMemory(SESSION_1)
        const { memories } = await search('ADK toolkit rocks')
        expect(texts(memories)).toEqual([
          'The ADK is a great toolkit.',
          'I agree. The Agent Development Kit (ADK) rocks!',
        ])
      })

      it('adds a session without events without error', async () => {
        await service.addSessionToMemory(SESSION_NO_EVENTS)
        expect((await search('anything')).memories).toEqual([])
      })

      it('finds a simple match, with its content, author and ISO timestamp', async () => {
        await service.addSessionToMemory(SESSION_1)
        await service.addSessionToMemory(SESSION_2)
        const { memories } = await search('Python')
        expect(memories).toEqual([
          {
            content: { parts: [{ text: 'I like to code in Python.' }] },
            author: 'user',
            timestamp: new Date(54_321_000).toISOString(),
          },
        ])
      })

      it('matches case-insensitively', async () => {
        await service.addSessionToMemory(SESSION_1)
        expect(texts((await search('development')).memories)).toEqual([
          'I agree. The Agent Development Kit (ADK) rocks!',
        ])
      })

      it('matches several events with one query (punctuation around words ignored)', async () => {
        await service.addSessionToMemory(SESSION_1)
        const { memories } = await search('How about ADK?')
        expect(new Set(texts(memories))).toEqual(
          new Set(['The ADK is a great toolkit.', 'I agree. The Agent Development Kit (ADK) rocks!']),
        )
      })

      it('finds nothing for a word no memory has', async () => {
        await service.addSessionToMemory(SESSION_1)
        expect((await search('nonexistent')).memories).toEqual([])
      })

      it('is scoped by user', async () => {
        await service.addSessionToMemory(SESSION_1)
        await service.addSessionToMemory(SESSION_OTHER_USER)
        expect((await search('secret')).memories).toEqual([])
        expect(texts((await search('secret', OTHER_USER)).memories)).toEqual(['This is a secret.'])
      })

      it('finds nothing for an empty or blank query', async () => {
        await service.addSessionToMemory(SESSION_1)
        expect((await search('')).memories).toEqual([])
        expect((await search('   \n\t  ')).memories).toEqual([])
        expect((await search('!!!@#$')).memories).toEqual([])
      })

      it('matches any of several keywords (OR)', async () => {
        const chat = session('s', [
          event('e1', 'user', 1_640_995_200_000, textContent('Hello world', 'user')),
          event('e2', 'assistant', 1_640_995_260_000, textContent('How can I help you today?', 'model')),
          event('e3', 'system', 1_640_995_320_000, { role: 'system', parts: [] }),
        ])
        await service.addSessionToMemory(chat)
        const one = await search('help today')
        expect(one.memories.map((memory) => memory.author)).toEqual(['assistant'])
        expect((await search('hello help')).memories).toHaveLength(2)
        expect((await search('cats fish world')).memories).toHaveLength(1)
      })

      it('never stores a session twice (adding it again is idempotent)', async () => {
        await service.addSessionToMemory(SESSION_1)
        await service.addSessionToMemory(SESSION_1)
        expect((await search('ADK')).memories).toHaveLength(2)
      })

      it('adds explicit memories (addMemory)', async () => {
        await service.addMemory({
          appName: APP,
          userId: USER,
          memories: [{ content: textContent('direct memory fact', 'user'), author: 'system' }, 'the user likes tea'],
        })
        const { memories } = await search('direct tea')
        expect(memories.map((memory) => memory.author)).toEqual(['system', undefined])
        expect(texts(memories)).toEqual(['direct memory fact', 'the user likes tea'])
        expect(Number.isFinite(Date.parse(memories[0]?.timestamp ?? ''))).toBe(true)
        expect((await search('tea', OTHER_USER)).memories).toEqual([])
      })
    })

    describe('isolation, ordering, limits', () => {
      it('is scoped by app', async () => {
        await service.addSessionToMemory(
          session('a1', [event('x1', 'user', 1000, textContent('app one message'))], USER, 'app1'),
        )
        await service.addSessionToMemory(
          session('a2', [event('x2', 'user', 2000, textContent('app two message'))], USER, 'app2'),
        )
        expect(texts((await search('message', USER, 'app1')).memories)).toEqual(['app one message'])
        expect(texts((await search('message', USER, 'app2')).memories)).toEqual(['app two message'])
      })

      it('keeps the same session id of two users apart', async () => {
        await service.addSessionToMemory(session('same', [event('e', 'user', 1000, textContent('mine alone'))], 'u1'))
        await service.addSessionToMemory(session('same', [event('e', 'user', 1000, textContent('theirs alone'))], 'u2'))
        expect(texts((await search('alone', 'u1')).memories)).toEqual(['mine alone'])
        expect(texts((await search('alone', 'u2')).memories)).toEqual(['theirs alone'])
      })

      it('answers oldest first, across sessions, whatever the order they were added in', async () => {
        await service.addSessionToMemory(session('late', [event('l1', 'user', 3000, textContent('topic three'))]))
        await service.addSessionToMemory(
          session('early', [
            event('e1', 'user', 1000, textContent('topic one')),
            event('e2', 'model', 2000, textContent('topic two')),
          ]),
        )
        expect(texts((await search('topic')).memories)).toEqual(['topic one', 'topic two', 'topic three'])
      })

      it('with a limit, answers the newest matches, oldest first', async () => {
        const events = Array.from({ length: 6 }, (_, index) =>
          event(`e${index}`, 'user', 1000 + index, textContent(`note number ${index}`)),
        )
        await service.addSessionToMemory(session('s', events))
        expect(texts((await search('note', USER, APP, 2)).memories)).toEqual(['note number 4', 'note number 5'])
        await expect(search('note', USER, APP, 0)).rejects.toSatisfy(ConfigError.isConfigError)
      })

      it('adds the new events of a later (or partial) view of a session and keeps the earlier ones', async () => {
        const first = event('e1', 'user', 1000, textContent('first words'))
        const second = event('e2', 'model', 2000, textContent('second words'))
        await service.addSessionToMemory(session('s', [first]))
        await service.addSessionToMemory(session('s', [second]))
        await service.addSessionToMemory(session('s', [first, second]))
        expect(texts((await search('words')).memories)).toEqual(['first words', 'second words'])
      })
    })

    describe('words', () => {
      it('matches whole words only', async () => {
        await service.addSessionToMemory(SESSION_1)
        expect((await search('develop')).memories).toEqual([])
        expect((await search('ad')).memories).toEqual([])
        expect((await search('toolkits')).memories).toEqual([])
      })

      it('matches digits and non-ASCII words exactly (no stemming, no accent folding)', async () => {
        await service.addSessionToMemory(
          session('s', [
            event('e1', 'user', 1000, textContent('Room 42 at the Café Ünïcode')),
            event('e2', 'user', 2000, textContent('running dogs')),
          ]),
        )
        expect(texts((await search('42')).memories)).toEqual(['Room 42 at the Café Ünïcode'])
        expect((await search('CAFÉ ünïcode')).memories).toHaveLength(1)
        expect((await search('cafe')).memories).toEqual([])
        expect((await search('run dog')).memories).toEqual([])
      })

      it('remembers only text: thoughts, function calls and blobs are left out of content and matching', async () => {
        await service.addSessionToMemory(
          session('s', [
            event('e1', 'agent', 1000, {
              role: 'model',
              parts: [
                { text: 'secret plan', thought: true },
                { functionCall: { name: 'lookup', args: { q: 'weather' } } },
                { text: 'It is sunny.' },
              ],
            }),
            event('e2', 'agent', 2000, { role: 'model', parts: [{ functionCall: { name: 'weather', args: {} } }] }),
          ]),
        )
        expect((await search('plan lookup weather')).memories).toEqual([])
        const { memories } = await search('sunny')
        expect(memories.map((memory) => memory.content)).toEqual([{ role: 'model', parts: [{ text: 'It is sunny.' }] }])
      })
    })

    describe('injection-shaped queries neither fail nor widen the search', () => {
      const stored = [
        'hello there',
        'helloworld compound',
        'it\'s a "quoted" text -- with ; semicolons and 100% of _under_scores_',
        'nul\u0000inside and back\\slash',
      ]
      beforeEach(async () => {
        await service.addSessionToMemory(
          session(
            's',
            stored.map((text, index) => event(`e${index}`, 'user', 1000 + index, textContent(text))),
          ),
        )
        await service.addSessionToMemory(
          session('x', [event('other', 'user', 5000, textContent('hello from another user'))], OTHER_USER),
        )
      })

      const cases: [string, string[]][] = [
        ['"', []],
        ["'", []],
        ['""', []],
        ['*', []],
        ['%', []],
        ['_', []],
        ['hello*', ['hello there']],
        ['hel*', []],
        ['hello:*', ['hello there']],
        ['"hello" OR "zzz"', ['hello there']],
        ['NOT zzz', []],
        ['!zzz', []],
        ['-zzz', []],
        ['zzz | !hello', ['hello there']],
        ['zzz & hello', ['hello there']],
        ["' OR '1'='1", []],
        ["'; DROP TABLE adk_memories; --", []],
        ['NEAR(hello there)', ['hello there']],
        ['hello\u0000', ['hello there']],
        ['\u0000', []],
        ['hel\u0000lo', []],
        ['\\', []],
        ['back\\slash', ['nul\u0000inside and back\\slash']],
        ['inside', ['nul\u0000inside and back\\slash']],
        ['(hello', ['hello there']],
        ['quoted', ['it\'s a "quoted" text -- with ; semicolons and 100% of _under_scores_']],
        ['it s', ['it\'s a "quoted" text -- with ; semicolons and 100% of _under_scores_']],
        ['under', ['it\'s a "quoted" text -- with ; semicolons and 100% of _under_scores_']],
        ['{}[]^~$@#', []],
        ['hello" OR 1=1 OR "', ['hello there']],
      ]

      it.each(cases)('query %j', async (query, expected) => {
        expect(texts((await search(query)).memories)).toEqual(expected)
      })

      it('stores quotes, NUL and backslashes in content exactly', async () => {
        const { memories } = await search('semicolons nul')
        expect(texts(memories)).toEqual([stored[2], stored[3]])
      })

      it('a user id or app name with quotes is only a name', async () => {
        expect((await search('hello', "' OR '1'='1")).memories).toEqual([])
        expect((await search('hello', USER, "test-app' OR 'x'='x")).memories).toEqual([])
      })

      it('refuses app names and user ids that are not well-formed text: a store would read them as another id', async () => {
        // In UTF-8 both lone surrogates become U+FFFD: "ana\uD800" and "ana\uDFFF" would share memories there.
        for (const [appName, userId] of [
          [APP, 'ana\uD800'],
          ['app\uDFFF', USER],
        ] as const) {
          await expect(service.addMemory({ appName, userId, memories: ['the vault code is 1234'] })).rejects.toThrow(
            /not well-formed/,
          )
          await expect(service.searchMemory({ appName, userId, query: 'vault' })).rejects.toThrow(/not well-formed/)
          await expect(service.addSessionToMemory(session('s-lone', [], userId, appName))).rejects.toThrow(
            /not well-formed/,
          )
        }
        expect((await service.searchMemory({ appName: APP, userId: 'ana\uFFFD', query: 'vault' })).memories).toEqual([])
      })

      it('a very long query of many words is searched by its first words, never widened', async () => {
        const filler = Array.from({ length: 500 }, (_, index) => `w${index}`).join(' ')
        expect(texts((await search(`hello ${filler}`)).memories)).toEqual(['hello there'])
        expect((await search(`${filler} hello`)).memories).toEqual([])
      })
    })

    describe('bad requests', () => {
      it('names the field', async () => {
        await expect(search('x', '')).rejects.toThrow(/userId/)
        await expect(search('x', USER, '')).rejects.toThrow(/appName/)
        await expect(
          service.searchMemory({ appName: APP, userId: USER, query: undefined as unknown as string }),
        ).rejects.toThrow(/query must be a string/)
        await expect(service.addMemory({ appName: APP, userId: USER, memories: ['  !! '] })).rejects.toSatisfy(
          ConfigError.isConfigError,
        )
        await expect(
          service.addMemory({
            appName: APP,
            userId: USER,
            memories: [{ content: textContent('x'), timestamp: 'soon' }],
          }),
        ).rejects.toThrow(/timestamp/)
      })
    })
  })
}
