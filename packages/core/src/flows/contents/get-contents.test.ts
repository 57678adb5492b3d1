import type { Content, Part } from '../../models/genai-types.js'
import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../../agents/llm-agent.js'
import { SequentialAgent } from '../../agents/sequential-agent.js'
import { createEvent, type Event } from '../../events/event.js'
import { StateError } from '../../errors/runtime-errors.js'
import { FunctionTool } from '../../tools/function-tool.js'
import { ScriptedLlm, call } from '../../testing/scripted-llm.js'
import { createHarness, simplifyContents } from '../../testing/harness.test-helper.js'
import { currentTurnStart, getContents, isolatedEvents } from './get-contents.js'

const user = (text: string): Event => createEvent({ author: 'user', content: { role: 'user', parts: [{ text }] } })
const said = (author: string, text: string, extra: Partial<Event> = {}): Event =>
  createEvent({ author, content: { role: 'model', parts: [{ text }] }, ...extra })
const calls = (author: string, ...parts: Array<[string, Record<string, unknown>, string?]>): Event =>
  createEvent({
    author,
    content: {
      role: 'model',
      parts: parts.map(([name, args, id]) => ({ functionCall: { name, args, ...(id ? { id } : {}) } })),
    },
  })
const responds = (author: string, ...parts: Array<[string, Record<string, unknown>, string?]>): Event =>
  createEvent({
    author,
    content: {
      role: 'user',
      parts: parts.map(([name, response, id]) => ({ functionResponse: { name, response, ...(id ? { id } : {}) } })),
    },
  })
const userContent = (...texts: string[]): Content => ({ role: 'user', parts: texts.map((text) => ({ text })) })

describe('getContents (spec 10.5)', () => {
  it('#38 another agent’s reply becomes a "For context:" user turn', () => {
    const contents = getContents([user('hi'), said('other_agent', 'x')], 'me', undefined)
    expect(contents).toEqual([userContent('hi'), userContent('For context:', '[other_agent] said: x')])
  })

  it('own events stay model turns; events of an unnamed agent are not converted', () => {
    const events = [user('hi'), said('me', 'mine')]
    expect(getContents(events, 'me', undefined)).toEqual([
      userContent('hi'),
      { role: 'model', parts: [{ text: 'mine' }] },
    ])
    expect(getContents([said('x', 'kept')], '', undefined)).toEqual([{ role: 'model', parts: [{ text: 'kept' }] }])
  })

  it('#39 foreign calls and responses are rendered as JSON text; circular args fall back to String()', () => {
    const events = [
      user('hi'),
      calls('other_agent', ['transfer_to_agent', { target_agent: 'foo', reason: 'bar' }, 'id1']),
      responds('other_agent', ['transfer_to_agent', { result: 'success', details: { foo: 'bar' } }, 'id1']),
    ]
    const contents = getContents(events, 'me', undefined)
    expect(contents[1]).toEqual(
      userContent(
        'For context:',
        '[other_agent] called tool `transfer_to_agent` with parameters: {"target_agent":"foo","reason":"bar"}',
      ),
    )
    expect(contents[2]).toEqual(
      userContent(
        'For context:',
        '[other_agent] tool `transfer_to_agent` returned result: {"result":"success","details":{"foo":"bar"}}',
      ),
    )
    expect(JSON.stringify(contents)).not.toContain('[object Object]')

    const circular: Record<string, unknown> = { a: 1 }
    circular['self'] = circular
    const [converted] = getContents([calls('other', ['f', circular])], 'me', undefined)
    expect(converted?.parts?.[1]?.text).toBe('[other] called tool `f` with parameters: [object Object]')
  })

  it('foreign thoughts are skipped; an event with nothing else is dropped; other parts are copied', () => {
    const inline: Part = { inlineData: { mimeType: 'image/png', data: 'AAAA' } }
    const events = [
      user('hi'),
      createEvent({ author: 'other', content: { role: 'model', parts: [{ text: 'secret plan', thought: true }] } }),
      createEvent({
        author: 'other',
        content: { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'answer' }, inline] },
      }),
    ]
    expect(getContents(events, 'me', undefined)).toEqual([
      userContent('hi'),
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[other] said: answer' }, inline] },
    ])
  })

  it('#40 branch filtering: own branch and ancestors, never siblings or descendants, exact prefix match', () => {
    const events = [
      user('root'),
      said('a', 'on p.a', { branch: 'p.a' }),
      said('b', 'on p.b', { branch: 'p.b' }),
      said('x', 'on p', { branch: 'p' }),
      said('deep', 'on p.a.q.x', { branch: 'p.a.q.x' }),
    ]
    const texts = (contents: Content[]) => contents.map((content) => content.parts?.at(-1)?.text)
    expect(texts(getContents(events, 'a', 'p.a'))).toEqual(['root', 'on p.a', '[x] said: on p'])
    expect(texts(getContents(events, 'b', 'p.b'))).toEqual(['root', 'on p.b', '[x] said: on p'])
    expect(texts(getContents(events, 'z', undefined))).toHaveLength(5)
    const lookalike = [
      said('zero', 'on agent_0', { branch: 'agent_0' }),
      said('me', 'on agent_00', { branch: 'agent_00' }),
    ]
    expect(texts(getContents(lookalike, 'me', 'agent_00'))).toEqual(['on agent_00'])
  })

  it('#41 content without role, an empty first text part and state-only events are not sent', () => {
    const events = [
      user('hi'),
      createEvent({ author: 'me', content: { parts: [{ text: 'no role' }] } }),
      createEvent({ author: 'me', content: { role: 'model', parts: [{ text: '' }, { text: 'after empty' }] } }),
      createEvent({ author: 'me', content: { role: 'model', parts: [] } }),
      createEvent({ author: 'me', actions: { stateDelta: { k: 1 } } }),
      createEvent({ author: 'me', errorCode: '500', errorMessage: 'boom' }),
    ]
    expect(getContents(events, 'me', undefined)).toEqual([userContent('hi')])
  })

  it('#42 credential and confirmation requests and answers are not sent', () => {
    const events = [
      user('hi'),
      calls('me', ['tool', {}, 'c1']),
      calls('me', ['adk_request_credential', { functionCallId: 'c1' }, 'adk-r1']),
      calls('me', ['adk_request_confirmation', { originalFunctionCall: { id: 'c1' } }, 'adk-r2']),
      responds('user', ['adk_request_confirmation', { confirmed: true }, 'adk-r2']),
      responds('user', ['adk_request_credential', { token: 'x' }, 'adk-r1']),
      responds('me', ['tool', { result: 1 }, 'c1']),
    ]
    expect(simplifyContents(getContents(events, 'me', undefined))).toEqual([
      ['user', 'hi'],
      ['model', { functionCall: { name: 'tool', args: {} } }],
      ['user', { functionResponse: { name: 'tool', response: { result: 1 } } }],
    ])
  })

  it('#44 the latest response is paired with its call; what came in between is dropped', () => {
    const events = [
      user('test1'),
      calls('me', ['increase_by_one', { x: 1 }, 'c1']),
      responds('me', ['increase_by_one', { status: 'pending' }, 'c1']),
      said('me', 'response1'),
      responds('user', ['increase_by_one', { result: 2 }, 'c1']),
    ]
    expect(getContents(events, 'me', undefined)).toEqual([
      userContent('test1'),
      { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'increase_by_one', args: { x: 1 } } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'increase_by_one', response: { result: 2 } } }] },
    ])
  })

  it('pairs several later responses of one parallel call event, merged in place', () => {
    const events = [
      user('go'),
      calls('me', ['a', {}, 'ca'], ['b', {}, 'cb']),
      responds('me', ['a', { status: 'pending' }, 'ca'], ['b', { status: 'pending' }, 'cb']),
      said('me', 'waiting'),
      responds('user', ['a', { result: 'A' }, 'ca']),
    ]
    expect(simplifyContents(getContents(events, 'me', undefined))).toEqual([
      ['user', 'go'],
      ['model', [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b', args: {} } }]],
      [
        'user',
        [
          { functionResponse: { name: 'a', response: { result: 'A' } } },
          { functionResponse: { name: 'b', response: { status: 'pending' } } },
        ],
      ],
    ])
  })

  it('#45 a last response that answers no call is an error', () => {
    const events = [user('hi'), responds('user', ['f', { result: 1 }, 'nope'])]
    expect(() => getContents(events, 'me', undefined)).toThrow(StateError)
    expect(() => getContents(events, 'me', undefined)).toThrow(
      'No function call event found for function responses ids: nope',
    )
  })

  it('a last response mixing ids of two call events is an error', () => {
    const events = [
      user('hi'),
      calls('me', ['a', {}, 'c1']),
      responds('me', ['a', {}, 'c1']),
      calls('me', ['b', {}, 'c2']),
      responds('me', ['b', {}, 'c2']),
      said('me', 'text'),
      responds('user', ['a', {}, 'c1'], ['b', {}, 'c2']),
    ]
    expect(() => getContents(events, 'me', undefined)).toThrow(
      'Last response event should only contain the responses for the function calls in the same function call event.',
    )
  })

  it('responses that arrived later in history are moved right after their calls', () => {
    const events = [
      user('go'),
      calls('me', ['slow', {}, 'c1']),
      said('me', 'meanwhile'),
      user('more'),
      responds('user', ['slow', { result: 'late' }, 'c1']),
      said('me', 'after'),
    ]
    expect(simplifyContents(getContents(events, 'me', undefined))).toEqual([
      ['user', 'go'],
      ['model', { functionCall: { name: 'slow', args: {} } }],
      ['user', { functionResponse: { name: 'slow', response: { result: 'late' } } }],
      ['model', 'meanwhile'],
      ['user', 'more'],
      ['model', 'after'],
    ])
  })

  it('#46 adk- ids are removed from the contents, other ids kept; the events keep theirs', () => {
    const callEvent = calls('me', ['a', {}, 'adk-123'], ['b', {}, 'call_1'])
    const responseEvent = responds('me', ['a', { result: 1 }, 'adk-123'], ['b', { result: 2 }, 'call_1'])
    const contents = getContents([user('hi'), callEvent, responseEvent], 'me', undefined)
    expect(contents[1]?.parts?.map((part) => part.functionCall?.id)).toEqual([undefined, 'call_1'])
    expect(contents[2]?.parts?.map((part) => part.functionResponse?.id)).toEqual([undefined, 'call_1'])
    expect(callEvent.content?.parts?.[0]?.functionCall?.id).toBe('adk-123')
    expect(responseEvent.content?.parts?.[0]?.functionResponse?.id).toBe('adk-123')
  })

  it('start limits the events read', () => {
    const events = [user('old'), said('me', 'old answer'), user('new')]
    expect(getContents(events, 'me', undefined, 2)).toEqual([userContent('new')])
  })
})

describe('currentTurnStart', () => {
  it('is the latest visible event of the user or another agent', () => {
    expect(currentTurnStart([user('u1'), said('me', 'm1'), user('u2')], 'me', undefined)).toBe(2)
    expect(currentTurnStart([user('u1'), said('other', 'o1')], 'me', undefined)).toBe(1)
    expect(currentTurnStart([said('me', 'm1')], 'me', undefined)).toBe(1)
    expect(currentTurnStart([], 'me', undefined)).toBe(0)
    const hidden = [user('u1'), said('other', 'sibling', { branch: 'p.b' })]
    expect(currentTurnStart(hidden, 'me', 'p.a')).toBe(0)
  })

  it('moves back to the call that a response in the turn answers', () => {
    const events = [
      user('u1'),
      calls('me', ['lr', {}, 'c1']),
      said('me', 'waiting'),
      responds('user', ['lr', { done: true }, 'c1']),
    ]
    expect(currentTurnStart(events, 'me', undefined)).toBe(1)
    expect(simplifyContents(getContents(events, 'me', undefined, 1))).toEqual([
      ['model', { functionCall: { name: 'lr', args: {} } }],
      ['user', { functionResponse: { name: 'lr', response: { done: true } } }],
    ])
  })
})

describe("includeContents: 'none' through a run (spec 10.5 #43)", () => {
  it('sends only the current turn', async () => {
    const llm = new ScriptedLlm(['m1', 'm2'])
    const agent = new LlmAgent({ name: 'me', model: llm, includeContents: 'none' })
    const harness = await createHarness(agent)
    await harness.run('u1')
    await harness.run('u2')
    expect(llm.requests[1]?.contents).toEqual([userContent('u2')])
  })

  it('starts at the previous agent’s reply in a pipeline', async () => {
    const llm = new ScriptedLlm(['o1', 'done'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new LlmAgent({ name: 'other', model: llm }),
        new LlmAgent({ name: 'me', model: llm, includeContents: 'none' }),
      ],
    })
    await (await createHarness(pipeline)).run('u1')
    expect(llm.requests[1]?.contents).toEqual([userContent('For context:', '[other] said: o1')])
  })

  it('keeps the tool round-trip of the current turn', async () => {
    const tool = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({ found: true }) })
    const llm = new ScriptedLlm(['m1', call('lookup', {}), 'm2'])
    const agent = new LlmAgent({ name: 'me', model: llm, includeContents: 'none', tools: [tool] })
    const harness = await createHarness(agent)
    await harness.run('u1')
    await harness.run('u2')
    expect(simplifyContents(llm.requests[2]?.contents ?? [])).toEqual([
      ['user', 'u2'],
      ['model', { functionCall: { name: 'lookup', args: {} } }],
      ['user', { functionResponse: { name: 'lookup', response: { found: true } } }],
    ])
  })

  it('sends nothing when the turn has no user or foreign event', async () => {
    const llm = new ScriptedLlm(['a'])
    const agent = new LlmAgent({ name: 'me', model: llm, includeContents: 'none' })
    const harness = await createHarness(agent)
    await harness.run({ role: 'user', parts: [{ text: '' }] })
    expect(llm.requests[0]?.contents).toEqual([])
  })
})

describe("includeContents: 'isolated' (the context-isolation rule)", () => {
  it('sends the user message of the turn, not the previous agent’s reply nor its tool calls', async () => {
    const tool = new FunctionTool({ name: 'search', description: 'Searches.', execute: () => ({ hits: 3 }) })
    const llm = new ScriptedLlm([call('search', {}), 'o1', 'done'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new LlmAgent({ name: 'other', model: llm, tools: [tool] }),
        new LlmAgent({ name: 'me', model: llm, includeContents: 'isolated' }),
      ],
    })
    await (await createHarness(pipeline)).run('u1')
    expect(llm.requests[2]?.contents).toEqual([userContent('u1')])
  })

  it('keeps its own tool round-trip after the user message, and leaves out its earlier turns', async () => {
    const tool = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({ found: true }) })
    const llm = new ScriptedLlm(['o1', 'm1', 'o2', call('lookup', {}), 'm2'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new LlmAgent({ name: 'other', model: llm }),
        new LlmAgent({ name: 'me', model: llm, includeContents: 'isolated', tools: [tool] }),
      ],
    })
    const harness = await createHarness(pipeline)
    await harness.run('u1')
    await harness.run('u2')
    expect(simplifyContents(llm.requests[4]?.contents ?? [])).toEqual([
      ['user', 'u2'],
      ['model', { functionCall: { name: 'lookup', args: {} } }],
      ['user', { functionResponse: { name: 'lookup', response: { found: true } } }],
    ])
  })

  it('isolatedEvents picks the latest user message before the turn', () => {
    const events = [user('q1'), said('me', 'a1'), user('q2'), said('other', 'x'), said('me', 'mine')]
    expect(isolatedEvents(events, 'me', undefined)).toEqual([events[2], events[4]])
  })
})

describe('unanswered function calls', () => {
  it('leaves out a call no response ever followed (an aborted tool), keeping the rest of that turn', () => {
    const withText: Event = createEvent({
      author: 'me',
      content: {
        role: 'model',
        parts: [{ text: 'Let me look.' }, { functionCall: { id: 'c1', name: 'lookup', args: {} } }],
      },
    })
    const contents = getContents([user('q1'), withText, user('q2')], 'me', undefined)
    expect(contents).toEqual([
      userContent('q1'),
      { role: 'model', parts: [{ text: 'Let me look.' }] },
      userContent('q2'),
    ])
  })

  it('drops a call-only turn entirely, and keeps answered calls of a partly answered turn', () => {
    const contents = getContents(
      [
        user('q1'),
        calls('me', ['pending', {}, 'p1']),
        user('q2'),
        calls('me', ['a', {}, 'a1'], ['b', {}, 'b1']),
        responds('me', ['a', { result: 1 }, 'a1']),
        said('me', 'done'),
      ],
      'me',
      undefined,
    )
    expect(contents).toEqual([
      userContent('q1'),
      userContent('q2'),
      { role: 'model', parts: [{ functionCall: { id: 'a1', name: 'a', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'a1', name: 'a', response: { result: 1 } } }] },
      { role: 'model', parts: [{ text: 'done' }] },
    ])
  })
})
