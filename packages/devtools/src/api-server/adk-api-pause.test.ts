// Issue 42: adk-web's answers to a pause — a functionResponse to adk_request_confirmation / adk_request_input, sent
// to /run or /run_sse as adk-web sends it — resume the paused invocation. The same requests go to Google's reference
// server (@google/adk-devtools on @google/adk 2.0) and to ours.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as adk from '@google/adk'
import * as core from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import { startAdkApiServer, type AdkApiServer } from './adk-api-server.js'
import { startGoogleServer } from './google-server.test-helper.js'

// biome-ignore lint: the tests read arbitrary wire JSON.
type Json = any

/** A @google/adk model answering from a script: first a call of refund(order 42), then a text. */
class GoogleScript extends adk.BaseLlm {
  readonly requests: adk.LlmRequest[] = []
  constructor(readonly steps: adk.LlmResponse[]) {
    super({ model: 'script' })
  }
  async *generateContentAsync(request: adk.LlmRequest): AsyncGenerator<adk.LlmResponse, void> {
    this.requests.push(request)
    const step = this.steps[this.requests.length - 1]
    if (!step) throw new Error('script exhausted')
    yield step
  }
  async connect(): Promise<never> {
    throw new Error('no live connection')
  }
}

const refundCall = {
  content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'refund', args: { order: 42 } } }] },
}
const refunded = { content: { role: 'model', parts: [{ text: 'Refunded order 42.' }] } }

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: any; raw: string }> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const raw = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = raw
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as unknown)
  }
  return { status: response.status, body: parsed, raw }
}

/** A paused turn, then adk-web's answer to it (the body its confirmation dialog posts), on one server. */
async function approveThroughApi(base: string, route: '/run' | '/run_sse', confirmed: boolean) {
  const session = (await post(base, '/apps/desk/users/user/sessions', {})).body as Json
  const run = { appName: 'desk', userId: 'user', sessionId: session['id'] }
  const first = await post(base, route, { ...run, newMessage: { role: 'user', parts: [{ text: 'Refund order 42' }] } })
  const events = first.body as Json[]
  const pause = events.find((event) =>
    event['content']?.parts?.some((part: Json) => part.functionCall?.name === 'adk_request_confirmation'),
  ) as Json
  const request = pause['content'].parts.find((part: Json) => part.functionCall?.name === 'adk_request_confirmation')
    .functionCall as Json
  // What adk-web's long-running-response component posts when the user ticks "Confirmed" and submits.
  const answer = {
    ...run,
    newMessage: {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: request['id'],
            name: 'adk_request_confirmation',
            response: { confirmed, payload: request['args'].originalFunctionCall.args },
          },
        },
      ],
    },
    streaming: false,
    stateDelta: null,
    functionCallEventId: pause['id'],
  }
  const second = await post(base, route, answer)
  return { first: events, pause, request, second }
}

const googleRefund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
const ourRefund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
let ours: AdkApiServer
let google: { url: string; close(): Promise<void> }
let googleModel: GoogleScript

beforeAll(async () => {
  googleModel = new GoogleScript([1, 2, 3].flatMap(() => [refundCall, refunded]))
  const googleAgent = new adk.LlmAgent({
    name: 'desk',
    instruction: 'Refund orders.',
    model: googleModel,
    tools: [
      new adk.FunctionTool({
        name: 'refund',
        description: 'Refunds an order.',
        parameters: z.object({ order: z.number() }),
        execute: googleRefund,
        requireConfirmation: true,
      }),
    ],
  })
  google = await startGoogleServer('desk', '', googleAgent)
  const ourAgent = new core.LlmAgent({
    name: 'desk',
    instruction: 'Refund orders.',
    model: new ScriptedLlm([1, 2, 3].flatMap(() => [call('refund', { order: 42 }, 'c1'), text('Refunded order 42.')])),
    tools: [
      new core.FunctionTool({
        name: 'refund',
        description: 'Refunds an order.',
        parameters: z.object({ order: z.number() }),
        execute: ourRefund,
        requireConfirmation: true,
      }),
    ],
  })
  ours = await startAdkApiServer({ apps: { desk: ourAgent }, port: 0 })
}, 30_000)

afterAll(async () => {
  await ours?.close()
  await google?.close()
})

describe("adk-web's answer to a confirmation, on Google's server and ours", () => {
  it('/run: the pause is a long-running adk_request_confirmation call; the approval runs the tool once', async () => {
    for (const [base, refund] of [
      [google.url, googleRefund],
      [ours.url, ourRefund],
    ] as const) {
      refund.mockClear()
      const { pause, request, second } = await approveThroughApi(base, '/run', true)
      expect(pause['longRunningToolIds'], base).toEqual([request['id']])
      expect(request['args'], base).toMatchObject({
        originalFunctionCall: { name: 'refund', args: { order: 42 } },
        toolConfirmation: { confirmed: false },
      })
      expect(second.status, base).toBe(200)
      const events = second.body as Json[]
      const toolResult = events
        .flatMap((event) => event['content']?.parts ?? [])
        .find((part: Json) => part.functionResponse?.name === 'refund')
      expect(toolResult?.functionResponse.response, base).toEqual({ refunded: 42 })
      expect(events.at(-1)?.['content'].parts[0].text, base).toBe('Refunded order 42.')
      expect(refund, base).toHaveBeenCalledTimes(1)
    }
  })
})

describe("adk-web's answers on our server", () => {
  it('/run_sse: a refusal (on both servers) never runs the tool and the model is told', async () => {
    for (const [base, refund] of [
      [google.url, googleRefund],
      [ours.url, ourRefund],
    ] as const) {
      refund.mockClear()
      const { second } = await approveThroughApi(base, '/run_sse', false)
      const events = second.body as Json[]
      const toolResult = events
        .flatMap((event) => event['content']?.parts ?? [])
        .find((part: Json) => part.functionResponse?.name === 'refund')
      expect(toolResult?.functionResponse.response, base).toEqual({ error: 'This tool call is rejected.' })
      expect(refund, base).not.toHaveBeenCalled()
    }
  })

  it('a resumable App: the pause holds the pipeline, the answer (and then invocationId) resume the same invocation', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const payer = new core.LlmAgent({
      name: 'payer',
      model: new ScriptedLlm([call('refund', {}, 'c1'), text('Refunded.')]),
      tools: [
        new core.FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }),
      ],
    })
    const notifier = new core.LlmAgent({ name: 'notifier', model: new ScriptedLlm([text('Customer told.')]) })
    const rootAgent = new core.SequentialAgent({ name: 'flow', subAgents: [payer, notifier] })
    const app = new core.App({ name: 'flow', rootAgent, resumabilityConfig: { isResumable: true } })
    const server = await startAdkApiServer({
      apps: { billing: app, plain: new core.LlmAgent({ name: 'plain' }) },
      port: 0,
    })
    try {
      const session = (await post(server.url, '/apps/billing/users/user/sessions', {})).body as Json
      const run = { appName: 'billing', userId: 'user', sessionId: session['id'] }
      const first = (await post(server.url, '/run', { ...run, newMessage: { role: 'user', parts: [{ text: 'go' }] } }))
        .body as Json[]
      expect(first.map((event) => event['author'])).not.toContain('notifier')
      const pause = first.at(-1) as Json
      const id = pause['content'].parts[0].functionCall.id as string
      const answer = {
        role: 'user',
        parts: [{ functionResponse: { id, name: 'adk_request_confirmation', response: { confirmed: true } } }],
      }
      const second = await post(server.url, '/run_sse', {
        ...run,
        newMessage: answer,
        invocationId: pause['invocationId'],
      })
      const events = second.body as Json[]
      expect(events.map((event) => event['invocationId'])).toEqual(events.map(() => pause['invocationId']))
      expect(events.map((event) => event['author'])).toContain('notifier')
      expect(events.at(-1)?.['content'].parts[0].text).toBe('Customer told.')
      expect(refund).toHaveBeenCalledTimes(1)
      // invocationId alone (no newMessage) resumes the invocation from its last stored event: it had finished.
      const again = await post(server.url, '/run', { ...run, invocationId: pause['invocationId'] })
      expect(again.status).toBe(200)
      // The same answer again runs nothing twice.
      await post(server.url, '/run', { ...run, newMessage: answer })
      expect(refund).toHaveBeenCalledTimes(1)

      // invocationId on an app that is not resumable: a 400 saying how to make it resumable.
      const plain = (await post(server.url, '/apps/plain/users/user/sessions', {})).body as Json
      const refused = await post(server.url, '/run', {
        appName: 'plain',
        userId: 'user',
        sessionId: plain['id'],
        invocationId: 'e-1',
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatch(/app "plain" is not resumable: serve it as an App with resumabilityConfig/)
    } finally {
      await server.close()
    }
  })

  it('adk_request_input: the form answer (checked against response_schema) is the tool result; a wrong one is a 400', async () => {
    const model = new ScriptedLlm([call('ask_amount', {}, 'c1'), text('Refunding 12.')])
    const askAmount = new core.FunctionTool({
      name: 'ask_amount',
      description: 'Asks how much.',
      execute: () => new core.RequestInput({ message: 'How much?', responseSchema: z.object({ amount: z.number() }) }),
    })
    const server = await startAdkApiServer({
      apps: { clerk: new core.LlmAgent({ name: 'clerk', model, tools: [askAmount] }) },
      port: 0,
    })
    try {
      const session = (await post(server.url, '/apps/clerk/users/user/sessions', {})).body as Json
      const run = { appName: 'clerk', userId: 'user', sessionId: session['id'] }
      const first = (
        await post(server.url, '/run', { ...run, newMessage: { role: 'user', parts: [{ text: 'refund' }] } })
      ).body as Json[]
      const pause = first.at(-1) as Json
      const request = pause['content'].parts[0].functionCall as Json
      expect(request['name']).toBe('adk_request_input')
      expect(pause['longRunningToolIds']).toEqual([request['id']])
      expect(request['args']).toMatchObject({ message: 'How much?', response_schema: { type: 'object' } })
      const reply = (response: unknown) => ({
        ...run,
        newMessage: {
          role: 'user',
          parts: [{ functionResponse: { id: request['id'], name: 'adk_request_input', response } }],
        },
        functionCallEventId: pause['id'],
      })
      const wrong = await post(server.url, '/run_sse', reply({ amount: 'ten' }))
      expect(wrong.status).toBe(400)
      expect(wrong.body.error).toMatch(/amount/)
      const stored = (await (
        await fetch(`${server.url}/apps/clerk/users/user/sessions/${session['id']}`)
      ).json()) as Json
      expect(stored['events']).toHaveLength(first.length + 1)
      const right = (await post(server.url, '/run_sse', reply({ amount: 12 }))).body as Json[]
      expect(right.at(-1)?.['content'].parts[0].text).toBe('Refunding 12.')
      expect(model.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ amount: 12 })
    } finally {
      await server.close()
    }
  })
})
