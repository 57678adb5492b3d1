import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { type FlowBuilder } from '@adk-fluent/fluent'
import { brokenFlow, brokenModule, explodingBuild } from './web-fixtures.test-helper.js'
import { startWebServer, type WebServer } from './web-server.js'

// A module that does not build still gets its page: the JSON routes the page uses (docs/web-api.md).

const servers: WebServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(builder: FlowBuilder | undefined, noBuilder?: string): Promise<WebServer> {
  const server = await startWebServer(brokenModule(builder, noBuilder))
  servers.push(server)
  return server
}

async function json(server: WebServer, path: string, body?: unknown) {
  const init =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(new URL(path, server.url), init)
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

const nameOf = (graph: Record<string, any>, id: string) =>
  [...graph['nodes'], ...graph['groups']].find((box: any) => box.id === id)?.name

describe('the dev UI API on a tree that does not build', () => {
  it('draws the builder tree and lists every build issue (code, agent, key) on the boxes it concerns', async () => {
    const server = await serve(brokenFlow(new ScriptedLlm([])))
    const { status, body: graph } = await json(server, '/api/graph')
    expect(status).toBe(200)
    expect(graph['graphError']).toBeNull()
    expect(graph['nodes'].map((node: any) => node.label)).toEqual([
      'drafter (Agent)',
      'publisher (Agent)',
      'reviewer (Agent)',
      'reviewer (Agent)',
      'initial state',
      'not written',
    ])
    const issues = graph['buildIssues'].map((issue: any) => ({
      code: issue.code,
      agent: issue.agent,
      key: issue.key,
      path: issue.path.join('.'),
      nodes: issue.nodes.map((id: string) => nameOf(graph, id)),
    }))
    // build() lists the tree's problems and the bad model of the first reviewer (found by building each agent on its
    // own) at once.
    expect(issues).toEqual([
      { code: 'duplicate_name', agent: 'flow', key: null, path: 'flow.steps', nodes: ['flow', 'reviewer', 'reviewer'] },
      {
        code: 'state_not_written',
        agent: 'publisher',
        key: 'article',
        path: 'flow.steps.1.publisher.instruct',
        nodes: ['publisher'],
      },
      {
        code: 'model_unknown',
        agent: 'reviewer',
        key: null,
        path: 'flow.steps.2.reviewer.model',
        nodes: ['reviewer'],
      },
    ])
    const [, , badModel] = graph['buildIssues']
    expect(badModel.message).toContain('Unknown model "gpt-unknown"')
    // The model issue marks the first reviewer (steps.2), not the second.
    expect(badModel.nodes).toEqual([graph['nodes'][2].id])
    expect(graph['buildError']).toMatch(/^3 configuration problems:\n1\. flow\.steps: steps 2 and 3 are both named/)
    // The checker's issues are placed by their paths too.
    const unwritten = graph['issues'].find((issue: any) => issue.code === 'state_not_written')
    expect(unwritten.nodes.map((id: string) => nameOf(graph, id))).toEqual(['publisher'])
  })

  it('refuses chat with the reason (422) and says it in /api/app', async () => {
    const server = await serve(brokenFlow(new ScriptedLlm([])))
    const app = (await json(server, '/api/app')).body
    expect(app['models']).toBeNull()
    expect(app['chatOff']).toBe(
      'Chat is off: the agent tree of agents/broken.ts does not build (3 problems, listed on the Graph tab).',
    )
    expect(app['buildError']).toContain('Unknown model "gpt-unknown"')
    const session = (await json(server, '/api/sessions', {})).body
    expect(await json(server, `/api/sessions/${session['id']}/runs`, { text: 'go' })).toEqual({
      status: 422,
      body: { error: app['chatOff'] },
    })
  })

  it("keeps each agent's anatomy and previews it alone, or says why not for that agent", async () => {
    const server = await serve(brokenFlow(new ScriptedLlm([])))
    const anatomy = await json(server, '/api/anatomy/publisher')
    expect(anatomy.status).toBe(200)
    expect(anatomy.body['text']).toMatch(/^LLM Call Anatomy: publisher\n/)
    const drafter = await json(server, '/api/preview', { state: { topic: 'bees' }, agent: 'drafter' })
    expect(drafter.status).toBe(200)
    expect(drafter.body['alone']).toBe('drafter')
    expect(drafter.body['error']).toBeUndefined()
    expect(drafter.body['calls'].map((call: any) => call.agent)).toEqual(['drafter'])
    const [call] = drafter.body['calls']
    expect(call.marks.map((mark: any) => [mark.key, call.text.slice(mark.start, mark.end)])).toEqual([
      ['topic', 'bees'],
    ])
    const reviewer = await json(server, '/api/preview', { agent: 'reviewer' })
    expect(reviewer.status).toBe(200)
    expect(reviewer.body).toMatchObject({ calls: [], alone: 'reviewer' })
    expect(reviewer.body['error']).toMatch(/^"reviewer" cannot be built on its own: .*Unknown model "gpt-unknown"/)
    const publisher = await json(server, '/api/preview', { agent: 'publisher' })
    expect(publisher.body).toMatchObject({ calls: [], alone: 'publisher' })
    expect(publisher.body['error']).toMatch(/^"publisher" alone cannot run: .*article/)
    const whole = await json(server, '/api/preview', {})
    expect(whole.status).toBe(200)
    expect(whole.body['error']).toBe(
      'The agent tree of agents/broken.ts does not build, so the whole turn cannot be previewed: pick an agent to preview it alone.',
    )
    expect((await json(server, '/api/preview', { agent: 'nobody' })).status).toBe(404)
  })

  it('a builder whose build() throws another error: still drawn; the app names the file and the error', async () => {
    const server = await serve(explodingBuild())
    const graph = (await json(server, '/api/graph')).body
    expect(graph['nodes'].map((node: any) => node.name)).toEqual(['writer', 'critic'])
    expect(graph['buildIssues']).toEqual([])
    expect(graph['buildError']).toBe('Building the agent tree of agents/broken.ts threw TypeError: boom')
    const app = (await json(server, '/api/app')).body
    expect(app['chatOff']).toBe('Chat is off: Building the agent tree of agents/broken.ts threw TypeError: boom')
    expect((await fetch(server.url)).status).toBe(200)
    const session = (await json(server, '/api/sessions', {})).body
    expect((await json(server, `/api/sessions/${session['id']}/runs`, { text: 'go' })).status).toBe(422)
  })

  it("a builder whose anatomy throws: that agent's anatomy says why (422), the rest of the page stands", async () => {
    const exploding = explodingBuild()
    const server = await serve({
      ...exploding,
      llmAnatomy: () => {
        throw new RangeError('no anatomy')
      },
    } as typeof exploding)
    expect(await json(server, '/api/anatomy/writer')).toEqual({
      status: 422,
      body: { error: 'The anatomy of "writer" cannot be drawn: no anatomy' },
    })
    expect((await json(server, '/api/graph')).status).toBe(200)
  })

  it('a module without a builder: the page is served, the graph is empty and says why, naming the file', async () => {
    const why = 'agents/broken.ts exports no fluent builder. Export one, for example: …'
    const server = await serve(undefined, why)
    expect((await fetch(server.url)).status).toBe(200)
    const app = (await json(server, '/api/app')).body
    expect(app).toMatchObject({ name: 'broken', models: null, buildError: why, chatOff: `Chat is off: ${why}` })
    const graph = await json(server, '/api/graph')
    expect(graph.status).toBe(200)
    expect(graph.body).toMatchObject({ nodes: [], groups: [], edges: [], issues: [], buildIssues: [], graphError: why })
    expect((await json(server, '/api/anatomy/writer')).status).toBe(404)
    expect(await json(server, '/api/preview', {})).toEqual({ status: 422, body: { error: why } })
    const session = (await json(server, '/api/sessions', {})).body
    expect((await json(server, `/api/sessions/${session['id']}/runs`, { text: 'go' })).status).toBe(422)
  })
})
