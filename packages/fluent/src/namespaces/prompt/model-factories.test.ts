import { describe, expect, it } from 'vitest'
import { ConfigError, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import { STAGE_MODEL_CALL_KEY } from '../../agents/stage-model-agent.js'
import * as P from './index.js'
import { compilePrompt, describePrompt } from './compile-prompt.js'

function expectConfigError(run: () => unknown, fragment: string): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  expect((caught as Error).message).toContain(fragment)
}

function modelCalls(events: readonly Event[]): unknown[] {
  return events.flatMap((event) =>
    event.customMetadata?.[STAGE_MODEL_CALL_KEY] ? [event.customMetadata[STAGE_MODEL_CALL_KEY]] : [],
  )
}

const support = P.role('You are a support agent for ACME.')
  .add(P.task('Answer billing questions.'))
  .add(P.constraint('Never promise refunds.'))

describe('P model-powered transforms', () => {
  it('P.compress sends the rendered prompt to the agent model and uses its answer as the instruction', async () => {
    const llm = new ScriptedLlm(['ACME billing support. No refund promises.', 'Hello!'])
    const agent = Agent('support')
      .model(llm)
      .instruct(support.pipe(P.compress({ maxTokens: 50 })))
    const { events } = await runBuilder(agent)
    expect(llm.requests[0]?.config.systemInstruction).toContain('at most about 50 tokens')
    expect(llm.requests[0]?.contents[0]?.parts?.[0]?.text).toBe(compilePrompt(support))
    expect(llm.requests[1]?.config.systemInstruction).toContain('ACME billing support. No refund promises.')
    expect(llm.requests[1]?.config.systemInstruction).not.toContain('Constraints:')
    expect(modelCalls(events)).toEqual([
      { factory: 'P.compress()', model: 'scripted', output: 'ACME billing support. No refund promises.' },
    ])
    expect(describePrompt(support.pipe(P.compress()))).toContain(
      '[then rewritten at run time by P.compress({ maxTokens: 500 })]',
    )
  })

  it('P.adapt rewrites for the audience with its own model, once per invocation', async () => {
    const adapter = new ScriptedLlm(['Explain bills simply.'])
    const llm = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } },
      'Done.',
    ])
    const agent = Agent('support')
      .model(llm)
      .instruct(P.task('Explain the bill.').pipe(P.adapt({ audience: 'children', model: adapter })))
      .tool(function lookup() {
        return { total: 3 }
      })
    await runBuilder(agent)
    expect(adapter.requests).toHaveLength(1)
    expect(adapter.requests[0]?.config.systemInstruction).toContain('audience: children')
    expect(llm.requests.map((request) => request.config.systemInstruction?.includes('Explain bills simply.'))).toEqual([
      true,
      true,
    ])
  })

  it('a failing rewrite is an error event, never a half-built prompt', async () => {
    const llm = new ScriptedLlm([new Error('overloaded')])
    const agent = Agent('support').model(llm).instruct(support.pipe(P.compress()))
    const { events } = await runBuilder(agent)
    expect(llm.requests).toHaveLength(1)
    expect(events.at(-1)?.errorCode).toBe('MODEL_STAGE_FAILED')
    expect(events.at(-1)?.errorMessage).toContain('P.compress() in agent "support"')
  })

  it('bad options fail at the call', () => {
    expectConfigError(() => P.compress({ maxTokens: 0 }), 'P.compress().maxTokens')
    expectConfigError(() => P.adapt({} as never), 'P.adapt().audience')
    expectConfigError(() => P.adapt({ audience: 'kids', model: 5 as never }), 'P.adapt().model')
  })
})

describe('P sugar and versions', () => {
  it('P.scaffolded wraps the prompt between a preamble and a postamble', () => {
    expect(compilePrompt(P.scaffolded(P.task('Do X.')))).toBe(
      'You must follow these instructions carefully. Do not deviate from the specified task.\n\nTask:\nDo X.\n\nRemember: stay on topic, be accurate, and follow all constraints above.',
    )
    expect(
      compilePrompt(P.scaffolded(P.role('R.').add(P.section('notes', 'N.')), { preamble: 'Begin.', postamble: '' })),
    ).toBe('Begin.\n\nR.\n\nNotes:\nN.')
    expectConfigError(() => P.scaffolded('Do X.' as never), 'P.scaffolded().block')
  })

  it('the fingerprint is 12 hex digits, stable for equal prompts and different for any change', () => {
    const fingerprint = support.fingerprint()
    expect(fingerprint).toMatch(/^[0-9a-f]{12}$/)
    expect(
      P.fingerprint(
        P.role('You are a support agent for ACME.')
          .add(P.task('Answer billing questions.'))
          .add(P.constraint('Never promise refunds.')),
      ),
    ).toBe(fingerprint)
    expect(support.add(P.format('Short.')).fingerprint()).not.toBe(fingerprint)
    expect(P.versioned(support, { tag: 'v2' }).fingerprint()).not.toBe(fingerprint)
  })

  it('P.versioned labels every request with tag-fingerprint and shows both in descriptions', async () => {
    const prompt = P.versioned(support, { tag: 'v2' })
    const llm = new ScriptedLlm(['Hi.'])
    await runBuilder(Agent('support').model(llm).instruct(prompt))
    expect(llm.requests[0]?.config.labels?.['adk_prompt_version']).toBe(`v2-${prompt.fingerprint()}`)
    expect(describePrompt(prompt)).toContain(`[version v2, fingerprint ${prompt.fingerprint()}]`)
    expectConfigError(() => P.versioned(support, { tag: 'has space' }), 'P.versioned().tag')
  })

  it('.static() takes a static P prompt and rejects a dynamic one', async () => {
    const llm = new ScriptedLlm(['Hi.'])
    const agent = Agent('support').model(llm).static(support).instruct('Greet {name?}.')
    expect(agent.build().staticInstruction).toBe(compilePrompt(support))
    await runBuilder(agent)
    expect(llm.requests[0]?.config.systemInstruction).toContain('Constraints:\nNever promise refunds.')
    expectConfigError(() => Agent('a').static(P.fromState('topic')), 'the prompt is dynamic')
    expectConfigError(() => Agent('a').static(support.pipe(P.compress())), 'the prompt is dynamic')
  })

  it("the design's P composition runs as written", async () => {
    const llm = new ScriptedLlm(['- Security: eval is unsafe'])
    const reviewer = Agent('reviewer')
      .model(llm)
      .instruct(
        P.role('You are a senior code reviewer.')
          .add(P.task('Review the provided code for bugs and style issues.'))
          .add(P.constraint('Be concise.', 'Focus on correctness.'))
          .add(P.format('Return a bulleted list of findings.'))
          .add(P.example({ input: 'x = eval(user_input)', output: '- Security: injection risk via eval()' })),
      )
    expect(await reviewer.ask('x = eval(input())')).toBe('- Security: eval is unsafe')
    expect(llm.requests[0]?.config.systemInstruction).toContain('Constraints:\nBe concise.\nFocus on correctness.')
  })
})
