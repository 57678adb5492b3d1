import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ConfigError, FunctionTool, LongRunningFunctionTool, RequestInput, type Event } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, Pipeline, Route } from '../builders/workflow-factories.js'
import { T } from '../namespaces/index.js'
import { gate } from '../builders/flow-helpers.js'
import { RunPausedError } from './run-paused-error.js'
import { resumeWith } from './resume-with.js'

async function caught(promise: Promise<unknown>): Promise<RunPausedError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  )
  if (!RunPausedError.isInstance(error)) throw new Error(`expected a RunPausedError, got ${String(error)}`)
  return error as RunPausedError
}

async function drain<T>(items: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const list: T[] = []
  try {
    for await (const item of items) list.push(item)
    return { items: list, error: undefined }
  } catch (error) {
    return { items: list, error }
  }
}

function refundFlow() {
  const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
  const lookup = new ScriptedLlm(['Order 42 costs 30.'])
  const payer = new ScriptedLlm([call('refund', { order: 42 }, 'c1'), 'Refunded order 42.'])
  const notify = new ScriptedLlm(['Customer told.'])
  const flow = Agent('lookup')
    .model(lookup)
    .then(
      Agent('payer')
        .model(payer)
        .tools(
          T.confirm(T.fn(refund, { name: 'refund', parameters: z.object({ order: z.number() }) }), { hint: 'Refund?' }),
        ),
    )
    .then(Agent('notify').model(notify))
  return { flow, refund, lookup, payer, notify }
}

describe('a run that pauses', () => {
  it('.ask() rejects with a RunPausedError listing each interrupt; resume() answers by id and the pipeline goes on', async () => {
    const { flow, refund, lookup, payer, notify } = refundFlow()
    const error = await caught(flow.ask('Refund order 42'))
    expect(error.code).toBe('RUN_PAUSED')
    expect(error.interrupts).toEqual([
      expect.objectContaining({
        kind: 'confirmation',
        tool: 'refund',
        args: { order: 42 },
        message: 'Refund?',
        agent: 'payer',
        functionCallId: 'c1',
      }),
    ])
    expect(error.message).toContain('approve refund({"order":42})')
    expect(refund).not.toHaveBeenCalled()
    expect(notify.requests).toHaveLength(0)
    const answer = await error.resume({ [error.interrupts[0]?.id as string]: true })
    expect(answer).toBe('Customer told.')
    expect(refund).toHaveBeenCalledTimes(1)
    expect([lookup.requests.length, payer.requests.length, notify.requests.length]).toEqual([1, 2, 1])
  })

  it('a refusal reaches the model; the tool never runs', async () => {
    const { flow, refund, payer } = refundFlow()
    const error = await caught(flow.ask('Refund order 42'))
    await error.resume({ [error.interrupts[0]?.id as string]: false })
    expect(refund).not.toHaveBeenCalled()
    expect(payer.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({
      error: 'This tool call is rejected.',
    })
  })

  it('.events() yields the interrupt event, then throws; .events(error.answer(...)) goes on as events', async () => {
    const { flow, refund } = refundFlow()
    const first = await drain(flow.events('Refund order 42'))
    expect(first.items.at(-1)?.content?.parts?.[0]?.functionCall?.name).toBe('adk_request_confirmation')
    const error = first.error as RunPausedError
    expect(RunPausedError.isInstance(error)).toBe(true)
    const second = await drain(flow.events(error.answer({ [error.interrupts[0]?.id as string]: { confirmed: true } })))
    expect(second.error).toBeUndefined()
    expect(second.items.map((event: Event) => event.author)).toEqual(['payer', 'payer', 'notify'])
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('.stream() throws after its last chunk; the answer streams the rest', async () => {
    const { flow } = refundFlow()
    const first = await drain(flow.stream('Refund order 42'))
    expect(first.items.map((chunk) => chunk.text).join('')).toBe('Order 42 costs 30.')
    const error = first.error as RunPausedError
    const second = await drain(flow.streamText(error.answer({ [error.interrupts[0]?.id as string]: true })))
    expect(second.items.join('')).toBe('Refunded order 42.Customer told.')
  })

  it('a tool returning RequestInput pauses for input with its message and schema; the reply is the tool result', async () => {
    const model = new ScriptedLlm([call('ask_amount', {}, 'c1'), 'Refunding 12.'])
    const agent = Agent('clerk')
      .model(model)
      .tools(
        T.fn(function ask_amount() {
          return new RequestInput({ message: 'How much?', responseSchema: z.object({ amount: z.number() }) })
        }),
      )
    const error = await caught(agent.ask('refund ann'))
    const [input] = error.interrupts
    expect(input).toMatchObject({
      kind: 'input',
      tool: 'ask_amount',
      message: 'How much?',
      responseSchema: { type: 'object' },
    })
    await expect(error.resume({ [input?.id as string]: { amount: 'ten' } })).rejects.toMatchObject({
      code: 'INTERRUPT_ANSWER_INVALID',
    })
    expect(await error.resume({ [input?.id as string]: { amount: 12 } })).toBe('Refunding 12.')
    expect(model.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ amount: 12 })
  })

  it('a long-running tool pauses until its result is given', async () => {
    const start = vi.fn(() => undefined)
    const model = new ScriptedLlm([call('start_job', {}, 'j1'), 'Job done: 7.'])
    const agent = Agent('worker')
      .model(model)
      .tool(new LongRunningFunctionTool({ name: 'start_job', description: 'Starts a job.', execute: start }))
    const error = await caught(agent.ask('go'))
    expect(error.interrupts).toMatchObject([{ kind: 'long_running', id: 'j1', tool: 'start_job' }])
    expect(await error.resume({ j1: { value: 7 } })).toBe('Job done: 7.')
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('answering some approvals keeps the run paused with the rest', async () => {
    const pay = vi.fn(({ to }: { to: string }) => ({ paid: to }))
    const model = new ScriptedLlm([
      call([
        ['pay', { to: 'ann' }, 'p1'],
        ['pay', { to: 'bob' }, 'p2'],
      ]),
      'Both paid.',
    ])
    const agent = Agent('treasurer')
      .model(model)
      .tool(
        new FunctionTool({
          name: 'pay',
          description: 'Pays.',
          parameters: z.object({ to: z.string() }),
          execute: pay,
          requireConfirmation: true,
        }),
      )
    const error = await caught(agent.ask('pay both'))
    const [ann, bob] = error.interrupts.map((item) => item.id) as [string, string]
    const again = await caught(error.resume({ [ann]: true }))
    expect(again.interrupts.map((item) => item.id)).toEqual([bob])
    expect(pay).toHaveBeenCalledTimes(1)
    expect(await again.resume({ [bob]: true })).toBe('Both paid.')
    expect(pay).toHaveBeenCalledTimes(2)
  })
})

describe('resuming through fluent workflows', () => {
  it('a route goes on in the branch it chose, even when the state it read changed meanwhile', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const billing = new ScriptedLlm([call('refund', {}, 'c1'), 'Billing refunded.'])
    const flow = Agent('classify')
      .mock(['billing'])
      .writes('intent')
      .then(
        Route('intent')
          .eq(
            'billing',
            Pipeline('billing_flow')
              .then(() => ({ intent: 'handled' }))
              .then(
                Agent('billing')
                  .model(billing)
                  .tool(
                    new FunctionTool({
                      name: 'refund',
                      description: 'Refunds.',
                      execute: refund,
                      requireConfirmation: true,
                    }),
                  ),
              ),
          )
          .otherwise(Agent('general').mock(['General answer.'])),
      )
    const error = await caught(flow.ask('refund me'))
    expect(await error.resume({ [error.interrupts[0]?.id as string]: true })).toBe('Billing refunded.')
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('a gate that let the run through is not asked again on resume', async () => {
    const act = vi.fn(() => ({ done: true }))
    const flow = Agent('analyst')
      .mock(['high'])
      .writes('risk')
      .then(gate((state) => state['risk'] === 'high', { key: 'review' }))
      .then(
        Agent('executor')
          .model(new ScriptedLlm([call('act', {}, 'c1'), 'Acted.']))
          .tool(new FunctionTool({ name: 'act', description: 'Acts.', execute: act, requireConfirmation: true })),
      )
    const error = await caught(flow.ask('go', { state: { review_approved: true } }))
    expect(await error.resume({ [error.interrupts[0]?.id as string]: true })).toBe('Acted.')
    expect(act).toHaveBeenCalledTimes(1)
  })

  it('a fallback whose first attempt failed resumes in the attempt that paused', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const primary = new ScriptedLlm([new Error('down'), 'primary again'])
    const flow = Agent('primary')
      .model(primary)
      .fallback(
        Agent('backup')
          .model(new ScriptedLlm([call('refund', {}, 'c1'), 'Backup refunded.']))
          .tool(
            new FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }),
          ),
      )
    const error = await caught(flow.ask('refund'))
    expect(await error.resume({ [error.interrupts[0]?.id as string]: true })).toBe('Backup refunded.')
    expect(refund).toHaveBeenCalledTimes(1)
    expect(primary.requests).toHaveLength(1)
  })
})

describe('prompts that are not text', () => {
  it('an object, a number or an array is a ConfigError; resumeWith needs a store and the session', async () => {
    const agent = Agent('helper').mock(['hi'])
    for (const prompt of [{ text: 'hi' }, 42, ['hi']]) {
      const error = await agent.ask(prompt as never).catch((failure: unknown) => failure)
      expect(ConfigError.isInstance(error)).toBe(true)
      expect(String((error as Error).message)).toContain('The prompt must be a string, or the answers to a paused run')
      await expect(
        drain(agent.events(prompt as never)).then((result) => {
          throw result.error
        }),
      ).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      })
    }
    await expect(agent.ask(resumeWith({ a: true }))).rejects.toThrow(/no sessionService or runner was given/)
    const { InMemorySessionService } = await import('@adk-fluent/core')
    await expect(agent.ask(resumeWith({ a: true }), { sessionService: new InMemorySessionService() })).rejects.toThrow(
      /needs the sessionId of the paused run/,
    )
  })
})
