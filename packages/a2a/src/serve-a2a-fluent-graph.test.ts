import { afterEach, describe, expect, it } from 'vitest'
import { TaskState, type Task } from '@a2a-js/sdk'
import { DEFAULT_ROUTE } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { Agent, Graph } from '@adk-fluent/fluent'
import { z } from 'zod'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { sdkClient, sendRequest, textOf, userMessage, wireJson } from './a2a-client.test-helper.js'

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

describe('serveA2a with a fluent Graph', () => {
  it('serves the Workflow it builds: its agents as skills, each message routed by the classifier’s answer', async () => {
    const model = new ScriptedLlm({
      classify: [text('"refund"'), text('"other"')],
      refunds: [text('Refund sent.')],
      general: [text('Happy to help.')],
    })
    const graph = Graph('desk')
      .describe('Answers customers.')
      .chain('START', Agent('classify', model).returns(z.enum(['refund', 'other'])), {
        refund: Agent('refunds', model).describe('Sends refunds.'),
        [DEFAULT_ROUTE]: Agent('general', model).describe('Answers the rest.'),
      })
    const server = await serveA2a(graph, { port: 0 })
    servers.push(server)
    const card = await wireJson(fetch(server.cardUrl, { headers: { 'A2A-Version': '1.0' } }))
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(['desk', 'classify', 'refunds', 'general'])

    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('I was charged twice.')))) as Task
    expect(first.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(textOf(first.artifacts[0]?.parts)).toBe('Refund sent.')
    const second = (await client.sendMessage(
      sendRequest(userMessage('What are your hours?', { contextId: first.contextId })),
    )) as Task
    expect(textOf(second.artifacts[0]?.parts)).toBe('Happy to help.')
  })
})
