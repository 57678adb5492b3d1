import { describe, expect, it } from 'vitest'
import { ConfigError, createEvent, injectSessionState } from '@adk-fluent/core'
import * as C from './index.js'
import {
  compileContext,
  composeInstruction,
  contextOptionalKeys,
  contextStateKeys,
  describeContext,
  type ContextSpec,
} from './compile-context.js'
import { createTestContext, type TestTurn } from '../shared/test-context.js'
import { isContextSpec } from './compile-context.js'

const conversation: TestTurn[] = [
  ['user', 'Hi, I need a trip plan.'],
  ['planner', 'Where to?'],
  ['user', 'Tokyo in May.'],
  ['researcher', 'Found 3 hotels.'],
  ['planner', 'Here is a plan.'],
  ['user', 'Make it cheaper.'],
  ['critic', 'Budget is tight.'],
]

async function render(
  spec: ContextSpec,
  options: { state?: Record<string, unknown>; turns?: readonly TestTurn[] } = {},
) {
  const compiled = compileContext(spec)
  const { readonlyContext } = await createTestContext({ turns: conversation, ...options })
  return {
    includeContents: compiled.includeContents,
    text: compiled.provider ? await compiled.provider(readonlyContext) : undefined,
  }
}

function expectConfigError(run: () => unknown, ...fragments: string[]): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment)
}

describe('the .reads() golden block (API §2.4)', () => {
  it('C.none() + C.fromState(findings, tone) with composeInstruction gives the block byte for byte', async () => {
    const spec = C.none().add(C.fromState('findings', 'tone'))
    const compiled = compileContext(spec)
    expect(compiled.includeContents).toBe('isolated')
    const { readonlyContext } = await createTestContext({ state: { findings: 'F1', tone: 'formal', topic: 'cats' } })
    const instruction = await injectSessionState('Write about {topic}.', readonlyContext)
    const contextText = await compiled.provider?.(readonlyContext)
    expect(composeInstruction(instruction, contextText ?? '')).toBe(
      'Write about cats.\n\n<conversation_context>\n[findings]: F1\n[tone]: formal\n</conversation_context>',
    )
  })

  it('leaves absent and null keys out of the block', async () => {
    const { text } = await render(C.fromState('findings', 'missing', 'gone', 'data'), {
      state: { findings: 'F1', gone: null, data: { n: 1 } },
    })
    expect(text).toBe('[findings]: F1\n[data]: {"n":1}')
  })
})

describe('composeInstruction', () => {
  it('joins instruction and block, or returns either alone', () => {
    expect(composeInstruction('Do it.', '[a]: 1')).toBe(
      'Do it.\n\n<conversation_context>\n[a]: 1\n</conversation_context>',
    )
    expect(composeInstruction('Do it.', '')).toBe('Do it.')
    expect(composeInstruction('', '[a]: 1')).toBe('<conversation_context>\n[a]: 1\n</conversation_context>')
    expect(composeInstruction('', '')).toBe('')
  })
})

describe('C golden outputs', () => {
  it('none and default compile without a provider', () => {
    const nothing = { beforeAgent: [], afterAgent: [], usesModel: false }
    expect(compileContext(C.none())).toEqual({ includeContents: 'isolated', historyTurns: 0, ...nothing })
    expect(compileContext(C.default())).toEqual({ includeContents: 'default', ...nothing })
    expect(Object.isFrozen(compileContext(C.none()))).toBe(true)
  })

  it('userOnly renders the user messages only', async () => {
    expect(await render(C.userOnly())).toEqual({
      includeContents: 'isolated',
      text: '[user]: Hi, I need a trip plan.\n[user]: Tokyo in May.\n[user]: Make it cheaper.',
    })
  })

  it('window(n) and lastNTurns(n) keep the last n turns, counted from user messages', async () => {
    const lastTwo =
      '[user]: Tokyo in May.\n[researcher]: Found 3 hotels.\n[planner]: Here is a plan.\n[user]: Make it cheaper.\n[critic]: Budget is tight.'
    expect((await render(C.window(2))).text).toBe(lastTwo)
    expect((await render(C.lastNTurns(2))).text).toBe(lastTwo)
    expect((await render(C.window(1))).text).toBe('[user]: Make it cheaper.\n[critic]: Budget is tight.')
    expect((await render(C.window(10))).text?.split('\n')).toHaveLength(7)
  })

  it('fromAgents, excludeAgents and select filter by author', async () => {
    expect((await render(C.fromAgents('critic'))).text).toBe(
      '[user]: Hi, I need a trip plan.\n[user]: Tokyo in May.\n[user]: Make it cheaper.\n[critic]: Budget is tight.',
    )
    expect((await render(C.excludeAgents('planner', 'user'))).text).toBe(
      '[researcher]: Found 3 hotels.\n[critic]: Budget is tight.',
    )
    expect((await render(C.select({ author: 'planner' }))).text).toBe(
      '[planner]: Where to?\n[planner]: Here is a plan.',
    )
    expect(
      (await render(C.select({ author: ['researcher', 'critic'], where: (item) => item.text.includes('hotels') })))
        .text,
    ).toBe('[researcher]: Found 3 hotels.')
  })

  it('template resolves state; it is neutral about history', async () => {
    const { includeContents, text } = await render(C.template('Project: {project}. Owner: {owner?}.'), {
      state: { project: 'Atlas' },
    })
    expect(includeContents).toBe('default')
    expect(text).toBe('Project: Atlas. Owner: .')
  })

  it('truncate keeps the last turns and cuts the oldest kept event to the token budget', async () => {
    expect((await render(C.truncate({ maxTurns: 1 }))).text).toBe(
      '[user]: Make it cheaper.\n[critic]: Budget is tight.',
    )
    // "[critic]: Budget is tight." is 26 characters = 7 tokens; 3 tokens (12 characters) remain for the next line,
    // of which "[user]: …" takes 9.
    expect((await render(C.truncate({ maxTokens: 10 }))).text).toBe('[user]: …er.\n[critic]: Budget is tight.')
    expect((await render(C.truncate({ maxTurns: 2, maxTokens: 7 }))).text).toBe('[critic]: Budget is tight.')
  })

  it('budget keeps whole newest events within the token budget', async () => {
    // 7 tokens for the critic's line, 6 for the user's.
    expect((await render(C.budget({ maxTokens: 12 }))).text).toBe('[critic]: Budget is tight.')
    expect((await render(C.budget({ maxTokens: 6 }))).text).toBe('')
    expect((await render(C.budget({ maxTokens: 13 }))).text).toBe(
      '[user]: Make it cheaper.\n[critic]: Budget is tight.',
    )
  })

  it('redact replaces every match with [REDACTED]', async () => {
    const turns: TestTurn[] = [
      ['user', 'My card is 4111 1111 and my code 4111 1111.'],
      ['agent', 'Email a@b.co'],
    ]
    expect((await render(C.redact(/4111 1111/, '[a-z]@[a-z]+\\.co'), { turns })).text).toBe(
      '[user]: My card is [REDACTED] and my code [REDACTED].\n[agent]: Email [REDACTED]',
    )
  })

  it('dedup keeps the latest copy of repeated events', async () => {
    const turns: TestTurn[] = [
      ['user', 'ping'],
      ['bot', 'pong'],
      ['user', 'ping'],
      ['bot', 'pong'],
      ['bot', 'done'],
    ]
    expect((await render(C.dedup(), { turns })).text).toBe('[user]: ping\n[bot]: pong\n[bot]: done')
  })

  it('compact collapses runs of tool calls', async () => {
    const tool = (author: string, parts: object[]) => createEvent({ author, content: { role: 'model', parts } })
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'Weather?' }] } }),
      tool('bot', [
        { functionCall: { name: 'geo', args: { q: 'Tokyo' } } },
        { functionCall: { name: 'time', args: {} } },
      ]),
      tool('bot', [{ functionResponse: { name: 'geo', response: { lat: 35 } } }]),
      tool('bot', [{ functionCall: { name: 'weather', args: { lat: 35 } } }]),
      createEvent({ author: 'bot', content: { role: 'model', parts: [{ text: 'Sunny.' }] } }),
    ]
    const plain = compileContext(C.default().pipe(C.select({ author: 'bot' })))
    const compact = compileContext(C.compact())
    const { readonlyContext } = await createTestContext({ events })
    expect(await plain.provider?.(readonlyContext)).toBe(
      '[bot]: called geo({"q":"Tokyo"}) called time({})\n[bot]: geo returned {"lat":35}\n[bot]: called weather({"lat":35})\n[bot]: Sunny.',
    )
    expect(await compact.provider?.(readonlyContext)).toBe(
      '[user]: Weather?\n[bot]: [tool calls: 3 interactions]\n[bot]: Sunny.',
    )
  })

  it('skips partial events, thoughts and state-only events', async () => {
    const events = [
      createEvent({ author: 'bot', partial: true, content: { role: 'model', parts: [{ text: 'Sun' }] } }),
      createEvent({
        author: 'bot',
        content: { role: 'model', parts: [{ text: 'hmm', thought: true }, { text: 'Sunny.' }] },
      }),
      createEvent({ author: 'step', actions: { stateDelta: { a: 1 } } }),
    ]
    const { readonlyContext } = await createTestContext({ events })
    expect(await compileContext(C.excludeAgents('nobody')).provider?.(readonlyContext)).toBe('[bot]: Sunny.')
  })
})

describe('C composition', () => {
  it('.add() suppresses history if any part does and joins outputs with a newline', async () => {
    const spec = C.fromState('goal').add(C.window(1))
    expect(await render(spec, { state: { goal: 'cheap trip' } })).toEqual({
      includeContents: 'isolated',
      text: '[goal]: cheap trip\n[user]: Make it cheaper.\n[critic]: Budget is tight.',
    })
    expect(compileContext(C.fromState('a').add(C.template('{a}'))).includeContents).toBe('default')
    expect((await render(C.fromState('missing').add(C.fromState('goal')), { state: { goal: 'g' } })).text).toBe(
      '[goal]: g',
    )
  })

  it('.pipe() feeds the history through policies in order', async () => {
    expect((await render(C.excludeAgents('critic').pipe(C.window(1)))).text).toBe('[user]: Make it cheaper.')
    expect((await render(C.userOnly().pipe(C.window(2)).pipe(C.redact(/Tokyo/)))).text).toBe(
      '[user]: [REDACTED] in May.\n[user]: Make it cheaper.',
    )
  })

  it('.pipe() onto a spec without history adds one over the whole conversation', async () => {
    const { includeContents, text } = await render(C.fromState('goal').pipe(C.fromAgents('researcher')), {
      state: { goal: 'g' },
    })
    expect(includeContents).toBe('isolated')
    expect(text).toBe(
      '[goal]: g\n[user]: Hi, I need a trip plan.\n[user]: Tokyo in May.\n[researcher]: Found 3 hotels.\n[user]: Make it cheaper.',
    )
  })

  it('descriptions and state keys', () => {
    expect(describeContext(C.none().add(C.fromState('query')))).toBe(
      "C.none() — history suppressed + C.fromState('query') — state keys only",
    )
    expect(describeContext(C.fromAgents('a').pipe(C.window(3)).pipe(C.redact(/x/)))).toBe(
      "C.fromAgents('a').pipe(C.window(3)).pipe(C.redact(/x/)) — user messages and a, last 3 turns, redacted (/x/g)",
    )
    expect(describeContext(C.default().add(C.truncate({ maxTurns: 4, maxTokens: 100 })))).toBe(
      'C.default() — full history + C.truncate({ maxTurns: 4, maxTokens: 100 }) — truncated to last 4 turns, about 100 tokens, oldest event cut',
    )
    expect(
      contextStateKeys(C.fromState('a', 'b').add(C.template('{c} {d?} {artifact.x}')).add(C.fromState('a'))),
    ).toEqual(['a', 'b', 'c', 'd'])
    // {d?} is optional unless another part needs d; a scratchpad C.writeNotes adds to may be absent.
    expect(contextOptionalKeys(C.template('{c} {d?} {e?} {e}').add(C.writeNotes({ key: 'plan' })))).toEqual([
      'd',
      '_notes_plan',
    ])
    expect(contextOptionalKeys(C.template('{d?}').add(C.fromState('d')))).toEqual([])
  })
})

describe('C immutability', () => {
  it('returns frozen descriptors and leaves the receiver unchanged', () => {
    const base = C.window(3)
    const parts = [...base.parts]
    const added = base.add(C.fromState('a'))
    const piped = base.pipe(C.redact(/x/))
    expect(base.parts).toEqual(parts)
    expect(describeContext(base)).toBe('C.window(3) — last 3 turns')
    for (const spec of [base, added, piped, C.none(), C.default(), C.template('{a}')]) {
      expect(Object.isFrozen(spec)).toBe(true)
      expect(Object.isFrozen(spec.parts)).toBe(true)
      for (const part of spec.parts) expect(Object.isFrozen(part)).toBe(true)
    }
    expect(isContextSpec(added)).toBe(true)
    expect(isContextSpec({ kind: 'context' })).toBe(false)
  })
})

describe('C bad input', () => {
  it('rejects bad numbers, names, keys and patterns at the call', () => {
    expectConfigError(() => C.window(0), 'C.window()', 'at least 1')
    expectConfigError(() => C.lastNTurns(1.5), 'C.lastNTurns()')
    expectConfigError(() => C.fromState(), 'C.fromState()', 'no state keys')
    expectConfigError(() => C.fromState('not a key!'), 'C.fromState()', 'not a valid state key')
    expectConfigError(() => C.fromAgents(), 'C.fromAgents()', 'no agent names')
    expectConfigError(() => C.excludeAgents(''), 'C.excludeAgents()')
    expectConfigError(() => C.select({}), 'C.select()', 'nothing to select')
    expectConfigError(() => C.truncate({}), 'C.truncate()', 'no limit')
    expectConfigError(() => C.truncate({ maxTokens: -1 }), 'C.truncate()', 'maxTokens')
    expectConfigError(() => C.budget({ maxTokens: 0 }), 'C.budget()', 'maxTokens')
    expectConfigError(() => C.redact(), 'C.redact()', 'no patterns')
    expectConfigError(() => C.redact('('), 'C.redact()', 'not a valid regular expression')
    expectConfigError(() => C.template(''), 'C.template()')
  })

  it('rejects bad composition', () => {
    expectConfigError(() => C.window(2).pipe(C.fromState('a')), 'C.pipe()', "C.fromState('a')", '.add()')
    expectConfigError(() => C.window(2).add('x' as unknown as ContextSpec), 'C.add()')
  })
})
