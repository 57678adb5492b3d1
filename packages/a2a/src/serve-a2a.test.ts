import { afterEach, describe, expect, it } from 'vitest'
import { TaskState, type Task } from '@a2a-js/sdk'
import { InMemorySessionService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { openSessionService } from '@adk-fluent/sessions'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { collect, sdkClient, sendRequest, textOf, userMessage, wireJson } from './a2a-client.test-helper.js'

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function serve(...args: Parameters<typeof serveA2a>): Promise<A2aServer> {
  const server = await serveA2a(args[0], { port: 0, ...args[1] })
  servers.push(server)
  return server
}

describe('serveA2a', () => {
  it('serves a card with skills from the agent tree, bound to 127.0.0.1', async () => {
    const flow = Pipeline('support')
      .describe('Answers support questions.')
      .step(Agent('triage', new ScriptedLlm([])).describe('Sorts the question.'))
      .step(Agent('answer', new ScriptedLlm([])).describe('Writes the answer.'))
    const server = await serve(flow)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const response = await fetch(server.cardUrl, { headers: { 'A2A-Version': '1.0' } })
    const card = await wireJson(response)
    expect(card.name).toBe('support')
    expect(card.description).toBe('Answers support questions.')
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(['support', 'triage', 'answer'])
    expect(card.skills[1].description).toBe('Sorts the question.')
    expect(card.capabilities.streaming).toBe(true)
    expect(card.defaultInputModes).toContain('text/plain')
    expect(card.supportedInterfaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: server.url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }),
        expect.objectContaining({ url: server.url, protocolBinding: 'JSONRPC', protocolVersion: '0.3' }),
      ]),
    )
    // A 0.3 client (no A2A-Version header) gets the 0.3 shape, with a top-level url.
    const legacy = await wireJson(fetch(server.cardUrl))
    expect(legacy.url).toBe(server.url)
    expect(legacy.protocolVersion).toBe('0.3')
  })

  it('answers SendMessage with a completed task whose artifact holds the answer (A2A 1.0)', async () => {
    const llm = new ScriptedLlm(['Hello from the pipeline.'])
    const server = await serve(Agent('greeter', llm).instruct('Greet.'))
    const client = await sdkClient(server.url)
    const result = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(textOf(result.artifacts[0]?.parts)).toBe('Hello from the pipeline.')
    expect(llm.requests[0]?.contents.at(-1)?.parts?.[0]?.text).toBe('hi')
  })

  it('speaks the 0.3 method names at the same URL (message/send, tasks/get)', async () => {
    const server = await serve(Agent('greeter', new ScriptedLlm(['Hi (0.3).', 'streamed (0.3)'])))
    const client = await sdkClient(server.url, { legacy: true })
    expect(client.protocolVersion).toBe('0.3')
    const result = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    const task = await client.getTask({ tenant: '', id: result.id })
    expect(textOf(task.artifacts[0]?.parts)).toBe('Hi (0.3).')
    const streamed = await collect(client.sendMessageStream(sendRequest(userMessage('stream it'))))
    const last = streamed.at(-1)?.payload
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    // The raw wire: a 0.3 JSON-RPC request as an older client sends it.
    const raw = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: result.id } }),
    })
    const body = await wireJson(raw)
    expect(body.id).toBe(7)
    expect(body.result.status.state).toBe('completed')
  })

  it('streams status updates while the pipeline runs, then the answer', async () => {
    const flow = Pipeline('two')
      .step(Agent('first', new ScriptedLlm(['first step done'])))
      .step(Agent('second', new ScriptedLlm(['final answer'])))
    const server = await serve(flow)
    const client = await sdkClient(server.url)
    const updates = await collect(client.sendMessageStream(sendRequest(userMessage('go'))))
    const kinds = updates.map((update) => update.payload?.$case)
    expect(kinds[0]).toBe('task')
    const working = updates.flatMap((update) =>
      update.payload?.$case === 'statusUpdate' && update.payload.value.status?.state === TaskState.TASK_STATE_WORKING
        ? [textOf(update.payload.value.status.message?.parts)]
        : [],
    )
    expect(working).toEqual(expect.arrayContaining(['first step done', 'final answer']))
    const artifact = updates.find((update) => update.payload?.$case === 'artifactUpdate')
    expect(artifact?.payload?.$case === 'artifactUpdate' && textOf(artifact.payload.value.artifact?.parts)).toBe(
      'final answer',
    )
    const last = updates.at(-1)
    expect(last?.payload?.$case === 'statusUpdate' && last.payload.value.status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    )
  })

  it('maps a contextId to a session: the same contextId continues the conversation', async () => {
    const sessionService = new InMemorySessionService()
    const llm = new ScriptedLlm(['one', 'two', 'three'])
    const server = await serve(Agent('chat', llm), { sessionService, appName: 'chat_app' })
    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('my name is Ada')))) as Task
    await client.sendMessage(sendRequest(userMessage('what is my name?', { contextId: first.contextId })))
    const texts = llm.requests[1]?.contents.map((content) => content.parts?.[0]?.text)
    expect(texts).toEqual(['my name is Ada', 'one', 'what is my name?'])
    const session = await sessionService.getSession({
      appName: 'chat_app',
      userId: `A2A_USER_${first.contextId}`,
      sessionId: first.contextId,
    })
    expect(session?.events.map((event) => event.author)).toEqual(['user', 'chat', 'user', 'chat'])
    // Without a contextId: a new session, no earlier history.
    const third = (await client.sendMessage(sendRequest(userMessage('fresh')))) as Task
    expect(third.contextId).not.toBe(first.contextId)
    expect(llm.requests[2]?.contents.map((content) => content.parts?.[0]?.text)).toEqual(['fresh'])
  })

  it('puts the data part of a message into state and answers with the keys the turn wrote', async () => {
    const llm = new ScriptedLlm(['{"price": 42}'])
    const agent = Agent('pricer', llm).instruct('Price {sku}.').writes('quote')
    const server = await serve(agent)
    const client = await sdkClient(server.url)
    const data = {
      content: { $case: 'data' as const, value: { sku: 'A-1' } },
      metadata: undefined,
      filename: '',
      mediaType: 'application/json',
    }
    const result = (await client.sendMessage(sendRequest(userMessage('price it', { parts: [data] })))) as Task
    expect(llm.requests[0]?.config.systemInstruction).toContain('Price A-1.')
    const parts = result.artifacts[0]?.parts ?? []
    const answerData = parts.find((part) => part.content?.$case === 'data')?.content
    expect(answerData?.$case === 'data' && answerData.value).toEqual({ quote: '{"price": 42}', price: 42 })
  })

  it('answers malformed JSON-RPC with a JSON-RPC error and keeps serving', async () => {
    const server = await serve(Agent('greeter', new ScriptedLlm(['still here'])))
    const post = (body: string) =>
      fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const broken = await wireJson(post('{"jsonrpc": "2.0", "id": 1, "method": '))
    expect(broken.error.code).toBe(-32700)
    const noMethod = await wireJson(post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such', params: {} })))
    expect(noMethod).toMatchObject({ id: 2, error: { code: -32601 } })
    const badParams = await wireJson(
      post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'message/send', params: { message: 5 } })),
    )
    expect(badParams.error).toBeDefined()
    const client = await sdkClient(server.url)
    const result = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(textOf(result.artifacts[0]?.parts)).toBe('still here')
  })

  it('tasks/cancel aborts the run: no model call after it, the task ends canceled', async () => {
    let release: () => void = () => undefined
    let started: () => void = () => undefined
    const firstCallStarted = new Promise<void>((resolve) => (started = resolve))
    const slow = new ScriptedLlm([
      () => {
        started()
        return new Promise((resolve) => (release = () => resolve('first done')))
      },
    ])
    const second = new ScriptedLlm(['never'])
    const flow = Pipeline('slow_flow').step(Agent('slow', slow)).step(Agent('second', second))
    const server = await serve(flow)
    const client = await sdkClient(server.url)
    const stream = client.sendMessageStream(sendRequest(userMessage('go')))
    const first = await stream.next()
    const task = first.value?.payload?.$case === 'task' ? first.value.payload.value : undefined
    expect(task).toBeDefined()
    await firstCallStarted
    const canceled = await client.cancelTask({ tenant: '', id: task?.id ?? '', metadata: undefined })
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED)
    release()
    const rest = []
    for await (const update of stream) rest.push(update)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(second.requests).toHaveLength(0)
    const stored = await client.getTask({ tenant: '', id: task?.id ?? '' })
    expect(stored.status?.state).toBe(TaskState.TASK_STATE_CANCELED)
  })

  it('serves a core agent too, and a run that fails ends the task failed', async () => {
    const failing = Agent('broken', new ScriptedLlm([new Error('model exploded')])).build()
    const server = await serve(failing)
    const client = await sdkClient(server.url)
    const result = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(result.status?.state).toBe(TaskState.TASK_STATE_FAILED)
    expect(textOf(result.status?.message?.parts)).toContain('model exploded')
  })

  it('keeps conversations durable with @adk-fluent/sessions: a restarted server continues a contextId', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'a2a-sessions-'))
    try {
      const uri = `sqlite:${join(folder, 'sessions.db')}`
      const firstStore = await openSessionService(uri)
      const firstServer = await serveA2a(Agent('chat', new ScriptedLlm(['noted'])), {
        port: 0,
        sessionService: firstStore,
      })
      const first = (await (
        await sdkClient(firstServer.url)
      ).sendMessage(sendRequest(userMessage('remember 7')))) as Task
      await firstServer.close()
      await firstStore.close()

      const secondStore = await openSessionService(uri)
      const llm = new ScriptedLlm(['it was 7'])
      const secondServer = await serveA2a(Agent('chat', llm), { port: 0, sessionService: secondStore })
      try {
        const client = await sdkClient(secondServer.url)
        await client.sendMessage(sendRequest(userMessage('what was it?', { contextId: first.contextId })))
        expect(llm.requests[0]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
          'remember 7',
          'noted',
          'what was it?',
        ])
      } finally {
        await secondServer.close()
        await secondStore.close()
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('takes card fields from options.card, and close() cancels the tasks still running', async () => {
    let started: () => void = () => undefined
    const firstCallStarted = new Promise<void>((resolve) => (started = resolve))
    let release: () => void = () => undefined
    const slow = new ScriptedLlm([
      () => {
        started()
        return new Promise((resolve) => (release = () => resolve('late')))
      },
    ])
    const second = new ScriptedLlm(['never'])
    const server = await serveA2a(Pipeline('closing').step(Agent('slow', slow)).step(Agent('after', second)), {
      port: 0,
      card: {
        name: 'Closing Service',
        version: '2.1.0',
        skills: [{ id: 'close', name: 'close', description: 'Closes.', tags: [] }],
      },
    })
    const card = await wireJson(fetch(server.cardUrl, { headers: { 'A2A-Version': '1.0' } }))
    expect(card).toMatchObject({
      name: 'Closing Service',
      version: '2.1.0',
      skills: [{ id: 'close', description: 'Closes.' }],
    })
    const client = await sdkClient(server.url)
    const stream = client.sendMessageStream(sendRequest(userMessage('go')))
    void stream.next().catch(() => undefined)
    await firstCallStarted
    await server.close()
    release()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(second.requests).toHaveLength(0)
  })

  it("passes a message's files to the model: raw bytes as inline data, URLs as file references", async () => {
    const llm = new ScriptedLlm(['seen'])
    const server = await serve(Agent('viewer', llm))
    const client = await sdkClient(server.url)
    const raw = {
      content: { $case: 'raw' as const, value: Buffer.from('PNG!') },
      metadata: undefined,
      filename: 'a.png',
      mediaType: 'image/png',
    }
    const url = {
      content: { $case: 'url' as const, value: 'https://example.com/b.pdf' },
      metadata: undefined,
      filename: 'b.pdf',
      mediaType: 'application/pdf',
    }
    await client.sendMessage(sendRequest(userMessage('look', { parts: [raw, url] })))
    expect(llm.requests[0]?.contents.at(-1)?.parts).toEqual([
      { text: 'look' },
      { inlineData: { mimeType: 'image/png', data: Buffer.from('PNG!').toString('base64') } },
      { fileData: { fileUri: 'https://example.com/b.pdf', mimeType: 'application/pdf' } },
    ])
  })
})
