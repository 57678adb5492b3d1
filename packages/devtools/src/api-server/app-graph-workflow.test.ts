import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as adk from '@google/adk'
import * as core from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from './adk-api-server.js'
import { startGoogleServer } from './google-server.test-helper.js'

/**
 * The same graph workflow built with each runtime: START → classify → { question: answer, [DEFAULT]: spread },
 * spread fanning out to log and file, joined, and a nested workflow after the join.
 */
function triage(lib: typeof core | typeof adk, writer: unknown): unknown {
  const { Workflow, FunctionNode, JoinNode, DEFAULT_ROUTE } = lib as typeof core
  const classify = new FunctionNode('classify', (_c, input) => input, { description: 'Sorts the message.' })
  const answer = new FunctionNode('answer', (_c, input) => input)
  const spread = new FunctionNode('spread', (_c, input) => input)
  const log = new FunctionNode('log', (_c, input) => input)
  const file = new FunctionNode('file', (_c, input) => input)
  const join = new JoinNode({ name: 'join' })
  const inner = new Workflow({ name: 'finish', edges: [['START', writer as core.BaseAgent]] })
  return new Workflow({
    name: 'triage',
    description: 'Routes a message.',
    edges: [
      ['START', classify, { question: answer, [DEFAULT_ROUTE]: spread }],
      [spread, [log, file], join, inner],
    ],
  })
}

const ask = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

let ours: AdkApiServer
let google: { url: string; close(): Promise<void> }

beforeAll(async () => {
  const ourWriter = new core.LlmAgent({
    name: 'writer',
    model: new ScriptedLlm([text('filed'), text('filed again')]),
    tools: [],
  })
  const theirWriter = new adk.LlmAgent({ name: 'writer', model: 'gemini-2.5-flash' })
  ours = await startAdkApiServer({ apps: { flow: triage(core, ourWriter) as core.Workflow }, port: 0 })
  google = await startGoogleServer('flow', 'ok', triage(adk, theirWriter))
}, 30_000)

afterAll(async () => {
  await ours?.close()
  await google?.close()
})

describe("a Workflow in adk-web's graph routes", () => {
  it('describes the workflow as its nodes and edges, as Google’s server does', async () => {
    const mine = await ask(ours.url, '/dev/apps/flow/build_graph')
    const theirs = await ask(google.url, '/dev/apps/flow/build_graph')
    const graph = (mine.body['root_agent'] as { graph: { edges: unknown[] } }).graph
    expect(graph.edges).toContainEqual({
      from_node: { name: 'classify', type: 'function' },
      to_node: { name: 'spread', type: 'function' },
      route: 'default',
    })
    expect(graph.edges).toContainEqual({
      from_node: { name: 'join', type: 'join' },
      to_node: { name: 'finish', type: 'workflow' },
    })
    // Google's writer names its model as a string; ours is a ScriptedLlm instance (not named in the graph).
    expect(mine.body).toEqual(stripModel(theirs.body))
  })

  it('draws every workflow level: the routes as edge labels, the join as an oval, the nested workflow too', async () => {
    const mine = await ask(ours.url, '/dev/apps/flow/build_graph_image?dark_mode=false')
    const theirs = await ask(google.url, '/dev/apps/flow/build_graph_image?dark_mode=false')
    expect(Object.keys(mine.body).sort()).toEqual(Object.keys(theirs.body).sort())
    expect(Object.keys(mine.body).sort()).toEqual(['', 'dotSrc', 'finish'])
    const dot = mine.body['dotSrc'] as string
    expect(dot).toContain('"classify" -> "answer" [label = "question"]')
    expect(dot).toContain('"classify" -> "spread" [label = "default"]')
    expect(dot).toContain('"spread" -> "log";')
    expect(dot).toMatch(/"classify" \[[^\]]*shape = "diamond"/)
    expect(dot).toMatch(/"join" \[[^\]]*shape = "oval"/)
    expect(dot).toMatch(/"__START__" \[label = "START"/)
    expect((mine.body['finish'] as { dotSrc: string }).dotSrc).toContain('"__START__" -> "writer"')
    const nested = await ask(ours.url, '/dev/apps/flow/build_graph_image?node=finish')
    expect(nested.body['dotSrc']).toContain('digraph "finish"')
  })
})

describe('a Workflow over the ADK HTTP API', () => {
  it('runs over /run, twice on one session: node outputs and paths in the camelCase event JSON', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${ours.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    const session = (await post('/apps/flow/users/u1/sessions', {})).body as { id: string }
    const run = (text: string) =>
      post('/run', {
        appName: 'flow',
        userId: 'u1',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      })
    for (const [message, answer] of [
      ['a statement', 'filed'],
      ['another', 'filed again'],
    ]) {
      const { status, body } = await run(message as string)
      expect(status).toBe(200)
      const events = body as Array<{ author: string; output?: unknown; nodeInfo?: { path?: string } }>
      const outputs = events.filter((event) => event.output !== undefined)
      expect(outputs.map((event) => event.nodeInfo?.path)).toEqual([
        'triage.classify',
        'triage.spread',
        expect.stringMatching(/^triage\.(log|file)$/),
        expect.stringMatching(/^triage\.(log|file)$/),
        'triage.join',
        'triage.finish.writer',
      ])
      expect(outputs.at(-1)?.output).toBe(answer)
    }
  })
})

/** Google's graph with the string model name of its LlmAgent nodes removed. */
function stripModel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripModel)
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (key !== 'model') copy[key] = stripModel(item)
  return copy
}
