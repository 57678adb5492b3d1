import { afterEach, describe, expect, it } from 'vitest'
import { TaskState, type Task } from '@a2a-js/sdk'
import { FunctionNode, InMemorySessionService, LlmAgent, Workflow, createEvent } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { collect, sdkClient, sendRequest, textOf, userMessage, wireJson } from './a2a-client.test-helper.js'

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** START → route → { long: summarise (an LlmAgent), short: echo }. */
function routed(model: ScriptedLlm): Workflow {
  const route = new FunctionNode('route', (_c, input: string) =>
    createEvent({ output: input, route: input.length > 10 ? 'long' : 'short' }),
  )
  const summarise = new LlmAgent({ name: 'summarise', model, description: 'Shortens long messages.' })
  const echo = new FunctionNode('echo', (_c, input: string) => `short: ${input}`)
  return new Workflow({
    name: 'shortener',
    description: 'Shortens messages.',
    edges: [['START', route, { long: summarise, short: echo }]],
  })
}

describe('serveA2a with a Workflow', () => {
  it('lists the agent nodes as skills and answers each message of a context with the routed node’s output', async () => {
    const model = new ScriptedLlm([text('A short summary.')])
    const sessionService = new InMemorySessionService()
    const server = await serveA2a(routed(model), { port: 0, sessionService })
    servers.push(server)
    const card = await wireJson(fetch(server.cardUrl, { headers: { 'A2A-Version': '1.0' } }))
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(['shortener', 'summarise'])

    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('a rather long message indeed')))) as Task
    expect(first.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(textOf(first.artifacts[0]?.parts)).toBe('A short summary.')
    // The agent node read the routed input as its turn.
    expect(model.requests[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'a rather long message indeed' }] }])

    const second = (await client.sendMessage(sendRequest(userMessage('hi', { contextId: first.contextId })))) as Task
    expect(second.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(textOf(second.artifacts[0]?.parts)).toBe('short: hi')
    const session = await sessionService.getSession({
      appName: 'shortener',
      userId: `A2A_USER_${first.contextId}`,
      sessionId: first.contextId,
    })
    expect(session?.events.filter((e) => e.output !== undefined).map((e) => e.output)).toEqual([
      'a rather long message indeed',
      'A short summary.',
      'hi',
      'short: hi',
    ])
  })

  it('streams the node outputs as working updates, never the node input stored as a user turn', async () => {
    const server = await serveA2a(routed(new ScriptedLlm([text('Summary.')])), { port: 0 })
    servers.push(server)
    const client = await sdkClient(server.url)
    const updates = await collect(client.sendMessageStream(sendRequest(userMessage('a rather long message indeed'))))
    const working = updates.flatMap((update) => {
      const status = (
        update as { payload?: { value?: { status?: { state?: number; message?: { parts?: never[] } } } } }
      ).payload?.value?.status
      return status?.state === TaskState.TASK_STATE_WORKING && status.message ? [textOf(status.message.parts)] : []
    })
    // The route node's event carries no text; the node input stored as the agent node's user turn is not announced.
    expect(working).toEqual(['Summary.'])
  })
})
