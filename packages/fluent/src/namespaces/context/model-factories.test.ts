import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, InMemoryRunner, createEvent, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import { STAGE_MODEL_CALL_KEY } from '../../agents/stage-model-agent.js'
import * as C from './index.js'
import { compileContext, describeContext } from './compile-context.js'
import { createTestContext, type TestTurn } from '../shared/test-context.js'

const turns: TestTurn[] = [
  ['user', 'Plan a trip to Tokyo.'],
  ['planner', 'Budget?'],
  ['user', 'About 2000 EUR.'],
  ['planner', 'Hotels are 150 EUR a night.'],
  ['user', 'Any food tips?'],
]

/** A session that already holds `turns`, and a runner for `agent` on it. */
async function seeded(agent: ReturnType<typeof Agent>) {
  const runner = new InMemoryRunner({ agent: agent.build() })
  const session = await runner.sessionService.createSession({
    appName: runner.appName,
    userId: 'user',
    sessionId: 's1',
  })
  for (const [author, text] of turns) {
    await runner.sessionService.appendEvent({
      session,
      event: createEvent({
        invocationId: 'old',
        author,
        content: { role: author === 'user' ? 'user' : 'model', parts: [{ text }] },
      }),
    })
  }
  return runner
}

function modelCalls(events: readonly Event[]): unknown[] {
  return events.flatMap((event) =>
    event.customMetadata?.[STAGE_MODEL_CALL_KEY] ? [event.customMetadata[STAGE_MODEL_CALL_KEY]] : [],
  )
}

function systemOf(llm: ScriptedLlm, index: number): string {
  return llm.requests[index]?.config.systemInstruction ?? ''
}

describe('model-powered C factories call the model through the run', () => {
  it("C.summarize without a model uses the agent's own; the call is an event and its answer reaches the prompt", async () => {
    const llm = new ScriptedLlm(['Trip to Tokyo, 2000 EUR.', 'Try ramen.'])
    const agent = Agent('guide').model(llm).instruct('Help the traveller.').context(C.summarize())
    const runner = await seeded(agent)
    const { events } = await runBuilder(agent, { runner })
    expect(llm.requests).toHaveLength(2)
    expect(llm.requests[0]?.contents[0]?.parts?.[0]?.text).toContain('[user]: Plan a trip to Tokyo.')
    expect(systemOf(llm, 1)).toContain(
      '<conversation_context>\n[summary]: Trip to Tokyo, 2000 EUR.\n</conversation_context>',
    )
    expect(modelCalls(events)).toEqual([
      { factory: 'C.summarize()', model: 'scripted', output: 'Trip to Tokyo, 2000 EUR.' },
    ])
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Try ramen.')
    expect(describeContext(C.summarize())).toBe("C.summarize() — summarized by the agent's model")
  })

  it('is computed once per invocation: a tool round does not summarize the same history again', async () => {
    const summarizer = new ScriptedLlm(['S1.'])
    const llm = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'ping', args: {} } }] } },
      'Done.',
    ])
    const agent = Agent('guide')
      .model(llm)
      .context(C.userOnly().pipe(C.summarize({ model: summarizer })))
      .tool(function ping() {
        return { ok: true }
      })
    const runner = await seeded(agent)
    await runBuilder(agent, { runner })
    expect(summarizer.requests).toHaveLength(1)
    expect(llm.requests).toHaveLength(2)
    expect(systemOf(llm, 1)).toContain('[summary]: S1.')
  })

  it('a failing model gives an error event naming the factory and agent; the agent model is never called', async () => {
    const summarizer = new ScriptedLlm([new Error('quota exceeded')])
    const llm = new ScriptedLlm(['never'])
    const agent = Agent('guide')
      .model(llm)
      .context(C.summarize({ model: summarizer }))
    const runner = await seeded(agent)
    const { events } = await runBuilder(agent, { runner })
    expect(llm.requests).toHaveLength(0)
    const last = events.at(-1)
    expect(last?.errorCode).toBe('MODEL_STAGE_FAILED')
    expect(last?.errorMessage).toContain('C.summarize() in agent "guide"')
    expect(last?.errorMessage).toContain('quota exceeded')
    expect(modelCalls(events)).toEqual([{ factory: 'C.summarize()', model: 'scripted', error: 'quota exceeded' }])
  })

  it('with no model anywhere, says which agent needs one', async () => {
    const agent = Agent('orphan').context(C.distill())
    const { readonlyContext } = await createTestContext({ turns })
    const built = agent.build()
    const context = Object.assign(readonlyContext, {})
    Object.defineProperty(context.invocationContext, 'agent', { value: built })
    await expect(compileContext(C.distill()).provider?.(context)).rejects.toSatisfy(
      (error: unknown) =>
        ConfigError.isConfigError(error) &&
        (error as Error).message.includes('agent "orphan" has none') &&
        (error as Error).message.includes('.model('),
    )
  })

  it('C.extract renders [key]: {json} from the model answer, checked against a schema', async () => {
    const llm = new ScriptedLlm(['```json\n{"destination":"Tokyo","budget":2000}\n```', 'OK'])
    const schema = z.object({ destination: z.string(), budget: z.number() })
    const agent = Agent('booker')
      .model(llm)
      .context(C.extract({ schema, key: 'trip' }))
    await runBuilder(agent, { runner: await seeded(agent) })
    expect(systemOf(llm, 0)).toContain('"destination"')
    expect(systemOf(llm, 1)).toContain('[trip]: {"destination":"Tokyo","budget":2000}')
    const bad = new ScriptedLlm(['not json at all'])
    const failing = Agent('booker')
      .model(bad)
      .context(C.extract({ fields: ['destination'] }))
    const { events } = await runBuilder(failing, { runner: await seeded(failing) })
    expect(events.at(-1)?.errorMessage).toContain(
      'C.extract() in agent "booker": the model answered text that is not JSON',
    )
  })

  it('C.distill lists the facts the model returns under [facts]', async () => {
    const llm = new ScriptedLlm(['- Tokyo\n- 2000 EUR', 'OK'])
    const agent = Agent('a').model(llm).context(C.window(3).pipe(C.distill()))
    await runBuilder(agent, { runner: await seeded(agent) })
    expect(llm.requests[0]?.contents[0]?.parts?.[0]?.text).toBe(
      '[user]: About 2000 EUR.\n[planner]: Hotels are 150 EUR a night.\n[user]: Any food tips?\n[user]: go',
    )
    expect(systemOf(llm, 1)).toContain('[facts]: - Tokyo\n- 2000 EUR')
  })

  it('C.rolling({ summarize }) keeps the last turns and puts the model summary of the older ones first', async () => {
    const llm = new ScriptedLlm(['Tokyo trip planned.', 'OK'])
    const agent = Agent('a')
      .model(llm)
      .context(C.rolling({ n: 1, summarize: true }))
    await runBuilder(agent, { runner: await seeded(agent) })
    expect(llm.requests[0]?.contents[0]?.parts?.[0]?.text).toContain('[planner]: Hotels are 150 EUR a night.')
    expect(systemOf(llm, 1)).toContain(
      '<conversation_context>\n<earlier_context_summary>\nTokyo trip planned.\n</earlier_context_summary>\n[user]: go\n</conversation_context>',
    )
    const plain = compileContext(C.rolling({ n: 2 }))
    expect(plain.usesModel).toBe(false)
  })

  it('C.fit: strict cuts without a model; cascade summarizes the older events with the model', async () => {
    const { readonlyContext } = await createTestContext({ turns })
    expect(await compileContext(C.fit({ maxTokens: 10 })).provider?.(readonlyContext)).toBe(
      '[planner]: …ght.\n[user]: Any food tips?',
    )
    const llm = new ScriptedLlm(['Older: Tokyo, 2000 EUR.', 'OK'])
    const agent = Agent('a')
      .model(llm)
      .context(C.fit({ maxTokens: 30, strategy: 'cascade' }))
    const { events } = await runBuilder(agent, { runner: await seeded(agent) })
    expect(modelCalls(events)).toHaveLength(1)
    expect(systemOf(llm, 1)).toContain('<earlier_context_summary>\nOlder: Tokyo, 2000 EUR.\n</earlier_context_summary>')
  })

  it('C.manusCascade compacts, dedups and summarizes with the model when over budget', async () => {
    const llm = new ScriptedLlm(['Earlier: trip planning.', 'OK'])
    const agent = Agent('a')
      .model(llm)
      .context(C.manusCascade({ budget: 30 }))
    const { events } = await runBuilder(agent, { runner: await seeded(agent) })
    expect(modelCalls(events)).toEqual([
      { factory: 'C.manusCascade()', model: 'scripted', output: 'Earlier: trip planning.' },
    ])
    expect(systemOf(llm, 1)).toContain('Earlier: trip planning.')
  })

  it('C.validate appends <warning> lines for failed model checks and function checks', async () => {
    const llm = new ScriptedLlm(['2: no dates were given', 'OK'])
    const noEmoji = (text: string) => (text.includes('Tokyo') ? 'mentions Tokyo' : undefined)
    const agent = Agent('a')
      .model(llm)
      .context(C.userOnly().pipe(C.validate('A budget is stated.', 'Travel dates are stated.', noEmoji)))
    await runBuilder(agent, { runner: await seeded(agent) })
    expect(systemOf(llm, 0)).toContain('1. A budget is stated.\n2. Travel dates are stated.')
    expect(systemOf(llm, 1)).toContain(
      '<warning>mentions Tokyo</warning>\n<warning>Travel dates are stated.: no dates were given</warning>',
    )
  })

  it('bad options fail at the call with the path and a hint', () => {
    const cases: [() => unknown, string][] = [
      [() => C.fit({ maxTokens: 0 }), 'C.fit().maxTokens: expected a whole number'],
      [() => C.fit({ strategy: 'loose' as never }), "C.fit().strategy: expected one of 'strict', 'cascade'"],
      [() => C.fit({ model: new ScriptedLlm([]) }), "only used by strategy 'cascade'"],
      [() => C.rolling({ summarize: 'yes' as never }), 'C.rolling().summarize: expected true or false'],
      [() => C.extract({} as never), 'exactly one of schema and fields'],
      [() => C.extract({ fields: [] }), 'C.extract().fields'],
      [() => C.distill({ model: 3 as never }), 'C.distill().model: expected a model'],
      [() => C.validate(), 'no checks given'],
      [() => C.manusCascade({ budget: -1 }), 'C.manusCascade().budget'],
    ]
    for (const [run, fragment] of cases) {
      let caught: unknown
      try {
        run()
      } catch (error) {
        caught = error
      }
      expect(ConfigError.isConfigError(caught)).toBe(true)
      expect((caught as Error).message).toContain(fragment)
    }
  })
})
