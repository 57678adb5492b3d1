import { afterEach, describe, expect, it } from 'vitest'
import { TaskState, type Task } from '@a2a-js/sdk'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { sdkClient, sendRequest, textOf, userMessage } from './a2a-client.test-helper.js'

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

describe('serveA2a with a function', () => {
  it('runs every task on a tree of its own (a one-reply script answers every task), conversations kept', async () => {
    const models: ScriptedLlm[] = []
    const server = await serveA2a(
      () => {
        const model = new ScriptedLlm(['Hello!'])
        models.push(model)
        return Agent('greeter', model).describe('Greets people.').instruct('Greet the user.').build()
      },
      { port: 0 },
    )
    servers.push(server)
    expect(server.card.name).toBe('greeter')
    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    const second = (await client.sendMessage(
      sendRequest(userMessage('hi again', { contextId: first.contextId })),
    )) as Task
    const other = (await client.sendMessage(sendRequest(userMessage('hello')))) as Task
    for (const task of [first, second, other]) {
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
      expect(textOf(task.artifacts[0]?.parts)).toBe('Hello!')
    }
    expect(second.contextId).toBe(first.contextId)
    expect(other.contextId).not.toBe(first.contextId)
    // One tree for the card, then one per task; the second task's model saw the first turn of its conversation.
    expect(models.map((model) => model.requests.length)).toEqual([0, 1, 1, 1])
    const history = models[2]?.requests[0]?.contents.map((content) => content.parts?.[0]?.text)
    expect(history).toEqual(['hi', 'Hello!', 'hi again'])
  })
})
