import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeContext } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { Agent, Graph } from '@adk-fluent/fluent'
import { z } from 'zod'
import { startAdkApiServer, type AdkApiServer } from './adk-api-server.js'

function send(ctx: NodeContext) {
  return `sent: ${String(ctx.state.get('draft'))}`
}
const model = new ScriptedLlm({
  writer: [text('v1'), text('v2'), text('w1')],
  critic: [text('"revise"'), text('"approve"'), text('"approve"')],
})
const critic = Agent('critic', model)
  .instruct('Review {draft}.')
  .returns(z.enum(['revise', 'approve']))
const review = Graph('review')
  .chain('START', Agent('writer', model).instruct('Write.').writes('draft'), critic)
  .routes(critic, { revise: 'writer', approve: send })
  .maxSteps(10)

let server: AdkApiServer
beforeAll(async () => {
  server = await startAdkApiServer({ apps: { review }, port: 0 })
})
afterAll(async () => {
  await server?.close()
})

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('a fluent Graph over the ADK HTTP API', () => {
  it("adk-web's graph: the workflow's nodes and its routed edges, the edge back into the cycle included", async () => {
    const response = await fetch(`${server.url}/dev/apps/review/build_graph`)
    const body = (await response.json()) as { root_agent: { graph: { edges: unknown[] } } }
    expect(body.root_agent.graph.edges).toEqual(
      expect.arrayContaining([
        { from_node: { name: 'critic', type: 'agent' }, to_node: { name: 'writer', type: 'agent' }, route: 'revise' },
        { from_node: { name: 'critic', type: 'agent' }, to_node: { name: 'send', type: 'function' }, route: 'approve' },
      ]),
    )
  })

  it('runs over /run, twice on one session: the cycle, then the routes and outputs in the event JSON', async () => {
    const session = (await post('/apps/review/users/u1/sessions', {})).body as { id: string }
    const run = async (message: string) => {
      const { status, body } = await post('/run', {
        appName: 'review',
        userId: 'u1',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: message }] },
      })
      expect(status).toBe(200)
      return body as Array<{ author: string; output?: unknown; route?: unknown }>
    }
    const first = await run('a tagline')
    expect(first.filter((event) => event.route !== undefined).map((event) => event.route)).toEqual([
      'revise',
      'approve',
    ])
    expect(first.at(-1)?.output).toBe('sent: v2')
    const second = await run('another')
    expect(second.at(-1)?.output).toBe('sent: w1')
  })
})
