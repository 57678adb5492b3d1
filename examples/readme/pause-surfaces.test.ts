// The A2A and ADK HTTP API code of docs/pause-and-resume.md, run by this test (`pnpm readme` copies the regions into
// the page): a paused run over A2A (the official @a2a-js/sdk client) and over the ADK HTTP API (adk-web's requests).
import { describe, expect, it, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk'
import { ClientFactory } from '@a2a-js/sdk/client'
import { App, FunctionTool, LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, T } from '@adk-fluent/fluent'
import { serveA2a } from '@adk-fluent/a2a'
import { startAdkApiServer } from '@adk-fluent/devtools'

const payments = { refund: vi.fn((order: number) => ({ refunded: order })) }
const refund = ({ order }: { order: number }) => payments.refund(order)

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
})
const data = (value: Record<string, unknown>): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
})
const message = (parts: Part[], to?: Task): Message => ({
  messageId: randomUUID(),
  contextId: to?.contextId ?? '',
  taskId: to?.id ?? '',
  role: Role.ROLE_USER,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
})
const send = (m: Message) => ({ tenant: '', message: m, configuration: undefined, metadata: undefined })
const dataOf = (task: Task) => {
  const part = task.status?.message?.parts.find((item) => item.content?.$case === 'data')
  return (part?.content?.$case === 'data' ? part.content.value : {}) as { interrupts: { id: string; kind: string }[] }
}

describe('docs/pause-and-resume.md: the surfaces', () => {
  it('A2A: the task ends input-required; a message to it with the answer resumes and completes it', async () => {
    payments.refund.mockClear()
    const model = new ScriptedLlm([call('refund', { order: 42 }, 'c1'), 'Refunded order 42.'])
    const desk = Agent('desk', model).tools(T.confirm(T.fn(refund, { parameters: z.object({ order: z.number() }) })))
    const server = await serveA2a(desk, { port: 0 })
    const client = await new ClientFactory().createFromUrl(server.url)
    // #region a2a
    const paused = (await client.sendMessage(send(message([text('Refund order 42')])))) as Task
    // paused.status.state is TASK_STATE_INPUT_REQUIRED; its status message says what the run waits for, as text and
    // as a data part { interrupts: [{ id, kind: 'confirmation', tool: 'refund', args: { order: 42 }, … }] }
    const [approval] = dataOf(paused).interrupts
    // Answer in the same task: answers by interrupt id (or the text "yes" / "no" when one approval waits).
    const answer = message([data({ answers: { [approval!.id]: true } })], paused)
    const done = (await client.sendMessage(send(answer))) as Task // TASK_STATE_COMPLETED, same task id
    // #endregion a2a
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED)
    expect(approval?.kind).toBe('confirmation')
    expect(done.id).toBe(paused.id)
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(payments.refund).toHaveBeenCalledTimes(1)
    await server.close()
  })

  it("ADK HTTP API: adk-web's answer (a functionResponse) to /run_sse resumes the paused invocation", async () => {
    payments.refund.mockClear()
    const rootAgent = new LlmAgent({
      name: 'desk',
      model: new ScriptedLlm([call('refund', { order: 42 }, 'c1'), 'Refunded order 42.']),
      tools: [
        new FunctionTool({
          name: 'refund',
          description: 'Refunds an order.',
          parameters: z.object({ order: z.number() }),
          execute: refund,
          requireConfirmation: true,
        }),
      ],
    })
    // #region adk-api
    const app = new App({ name: 'desk', rootAgent, resumabilityConfig: { isResumable: true } })
    const server = await startAdkApiServer({ apps: { desk: app }, port: 0, adkWeb: true })
    // #endregion adk-api
    const post = async (path: string, body: unknown) =>
      (await fetch(server.url + path, { method: 'POST', body: JSON.stringify(body) })).text()
    const session = JSON.parse(await post('/apps/desk/users/user/sessions', {})) as { id: string }
    const run = { appName: 'desk', userId: 'user', sessionId: session.id }
    const events = JSON.parse(
      await post('/run', { ...run, newMessage: { role: 'user', parts: [{ text: 'Refund order 42' }] } }),
    ) as { invocationId: string; content: { parts: { functionCall: { id: string } }[] } }[]
    const pause = events.at(-1)!
    const id = pause.content.parts[0]!.functionCall.id
    // #region adk-api-answer
    // What adk-web's confirmation dialog posts to /run_sse (an input form posts adk_request_input with its reply).
    const body = {
      ...run, // appName, userId, sessionId
      newMessage: {
        role: 'user',
        parts: [{ functionResponse: { id, name: 'adk_request_confirmation', response: { confirmed: true } } }],
      },
      invocationId: pause.invocationId, // optional: the answer's id names the invocation it resumes
    }
    // #endregion adk-api-answer
    const stream = await post('/run_sse', body)
    expect(stream).toContain('Refunded order 42.')
    expect(payments.refund).toHaveBeenCalledTimes(1)
    await server.close()
  })
})
