import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { RequestInput } from './request-input.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { answerInterrupts } from './answer-interrupts.js'
import { APP, USER, collect, newSession, resumableRunner, userText } from './resume.test-helper.js'
import type { Event } from '../events/event.js'

function askingAgent(replies: string[] = ['Refunding 12 to ann.']) {
  const asked = vi.fn(
    (_args: Record<string, unknown>) =>
      new RequestInput({
        message: 'How much should ann get back?',
        payload: { order: 42 },
        responseSchema: z.object({ amount: z.number() }),
      }),
  )
  const weather = vi.fn(() => ({ sunny: true }))
  const llm = new ScriptedLlm([
    call([
      ['ask_amount', { customer: 'ann' }, 'c1'],
      ['weather', {}, 'w1'],
    ]),
    ...replies,
  ])
  const agent = new LlmAgent({
    name: 'clerk',
    model: llm,
    tools: [
      new FunctionTool({ name: 'ask_amount', description: 'Asks the user.', execute: asked }),
      new FunctionTool({ name: 'weather', description: 'Weather.', execute: weather }),
    ],
  })
  return { agent, llm, asked, weather }
}

async function drain(events: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const list: Event[] = []
  for await (const event of events) list.push(event)
  return list
}

describe('RequestInput returned by a tool', () => {
  it('pauses with adk_request_input (ADK wire shape); the reply becomes the tool result', async () => {
    const { agent, llm, asked, weather } = askingAgent()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund ann') })
    const pause = first.at(-1)
    const request = pause?.content?.parts?.[0]?.functionCall
    expect(request?.name).toBe('adk_request_input')
    expect(pause?.longRunningToolIds).toEqual([request?.id])
    expect(request?.args).toEqual({
      interruptId: request?.id,
      message: 'How much should ann get back?',
      payload: { order: 42 },
      response_schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { amount: { type: 'number' } },
        required: ['amount'],
      },
      originalFunctionCall: { id: 'c1', name: 'ask_amount', args: { customer: 'ann' } },
    })
    // The sibling's result is stored before the pause.
    expect(first.at(-2)?.content?.parts?.map((part) => part.functionResponse?.id)).toEqual(['w1'])
    expect(weather).toHaveBeenCalledTimes(1)
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending).toMatchObject({
      kind: 'input',
      id: request?.id,
      tool: 'ask_amount',
      args: { customer: 'ann' },
      message: 'How much should ann get back?',
      payload: { order: 42 },
      responseSchema: { type: 'object' },
    })

    const resumed = await drain(
      answerInterrupts(resumableRunner(agent, service), {
        userId: USER,
        sessionId,
        answers: { [pending?.id as string]: { amount: 12 } },
      }),
    )
    expect(resumed[0]?.content?.parts?.[0]?.functionResponse).toEqual({
      id: 'c1',
      name: 'ask_amount',
      response: { amount: 12 },
    })
    expect(resumed.at(-1)?.content?.parts?.[0]?.text).toBe('Refunding 12 to ann.')
    expect(asked).toHaveBeenCalledTimes(1)
    expect(weather).toHaveBeenCalledTimes(1)
    const history = llm.requests[1]?.contents ?? []
    expect(history.map((content) => content.role)).toEqual(['user', 'model', 'user'])
    expect(history[2]?.parts?.map((part) => part.functionResponse?.response)).toEqual([{ sunny: true }, { amount: 12 }])
  })

  it('a reply that does not match the schema is a typed error and stores nothing; { result } is a bare value', async () => {
    const { agent } = askingAgent()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund ann') })
    const id = first.at(-1)?.content?.parts?.[0]?.functionCall?.id as string
    const stored = (await service.getSession({ appName: APP, userId: USER, sessionId }))?.events.length
    const wrong = {
      role: 'user',
      parts: [{ functionResponse: { id, name: 'adk_request_input', response: { amount: 'ten' } } }],
    }
    const error = await collect(resumableRunner(agent, service), { sessionId, newMessage: wrong }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID', interruptId: id })
    expect(String((error as Error).message)).toMatch(/does not match its responseSchema/)
    expect((await service.getSession({ appName: APP, userId: USER, sessionId }))?.events.length).toBe(stored)
    // Through answerInterrupts the same mistake is caught before the runner is called.
    await expect(
      drain(
        answerInterrupts(resumableRunner(agent, service), {
          userId: USER,
          sessionId,
          answers: { [id]: { amount: 'x' } },
        }),
      ),
    ).rejects.toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    // An answer to an unknown interrupt is refused too.
    const unknown = {
      role: 'user',
      parts: [{ functionResponse: { id: 'nope', name: 'adk_request_input', response: { result: 1 } } }],
    }
    await expect(collect(resumableRunner(agent, service), { sessionId, newMessage: unknown })).rejects.toThrow(
      /answers no pending request for input/,
    )
    const plain = {
      role: 'user',
      parts: [{ functionResponse: { id, name: 'adk_request_input', response: { result: 'about ten' } } }],
    }
    const resumed = await collect(resumableRunner(agent, service), { sessionId, newMessage: plain })
    expect(resumed[0]?.content?.parts?.[0]?.functionResponse?.response).toEqual({ result: 'about ten' })
    // Answered: a second reply is refused.
    await expect(collect(resumableRunner(agent, service), { sessionId, newMessage: plain })).rejects.toThrow(
      /answered already or never asked/,
    )
  })

  it('works without resumability too (the answer goes to the agent that asked)', async () => {
    const { agent, asked } = askingAgent()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service, false), { sessionId, newMessage: userText('Refund') })
    const id = first.at(-1)?.content?.parts?.[0]?.functionCall?.id as string
    const resumed = await drain(
      answerInterrupts(resumableRunner(agent, service, false), { userId: USER, sessionId, answers: { [id]: 7 } }),
    )
    expect(
      resumed.map((event) => event.content?.parts?.[0]?.functionResponse?.response ?? event.content?.parts?.[0]?.text),
    ).toEqual([{ result: 7 }, 'Refunding 12 to ann.'])
    expect(asked).toHaveBeenCalledTimes(1)
  })
})
