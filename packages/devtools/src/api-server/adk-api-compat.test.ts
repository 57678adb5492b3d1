// The same requests against Google's reference server (@google/adk-devtools, on a @google/adk agent with a fake
// model) and against ours (on the equivalent adk-fluent agent with a ScriptedLlm) give the same statuses and shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from '@adk-fluent/fluent'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { startGoogleServer } from './google-server.test-helper.js'

const reply = 'Hello there'

interface Answer {
  readonly status: number
  readonly type: string
  readonly body: unknown
  readonly raw: string
}

async function ask(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  })
  const raw = await response.text()
  let parsed: unknown = raw
  try {
    parsed = JSON.parse(raw)
  } catch {
    // not JSON (SSE, empty)
  }
  return {
    status: response.status,
    type: (response.headers.get('content-type') ?? '').split(';')[0] ?? '',
    body: parsed,
    raw,
  }
}

/** Fields whose keys are data, not structure (Google's listing leaves state out, ours keeps it). */
const dataFields = new Set(['state', 'stateDelta'])

/** The structure of a JSON value: objects as sorted key → shape, arrays as the distinct shapes of their items, sorted. */
function shape(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    const items = value.map((item) => JSON.stringify(shape(item)))
    return [...new Set(items)].sort().map((item) => JSON.parse(item) as unknown)
  }
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, dataFields.has(key) ? 'data' : shape((value as Record<string, unknown>)[key])]),
    )
  return typeof value
}

/** The `data:` frames of a server-sent-event body, parsed. */
function frames(raw: string): unknown[] {
  return raw
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as unknown)
}

const message = { role: 'user', parts: [{ text: 'hi' }] }

/** One conversation through every route, run against a server; answers keyed by step. */
async function conversation(base: string): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {}
  answers['apps'] = await ask(base, 'GET', '/list-apps')
  const created = await ask(base, 'POST', '/apps/demo/users/u1/sessions', { state: { topic: 'tea' } })
  answers['create'] = created
  const id = (created.body as { id: string }).id
  answers['createAt'] = await ask(base, 'POST', '/apps/demo/users/u1/sessions/s2', { state: { b: 2 } })
  answers['createAtAgain'] = await ask(base, 'POST', '/apps/demo/users/u1/sessions/s2', { state: { b: 2 } })
  answers['list'] = await ask(base, 'GET', '/apps/demo/users/u1/sessions')
  answers['missing'] = await ask(base, 'GET', '/apps/demo/users/u1/sessions/nope')
  const run = { appName: 'demo', userId: 'u1', sessionId: id, newMessage: message }
  answers['run'] = await ask(base, 'POST', '/run', { ...run, stateDelta: { mood: 'calm' } })
  answers['runSse'] = await ask(base, 'POST', '/run_sse', { ...run, streaming: true })
  answers['runMissing'] = await ask(base, 'POST', '/run', { ...run, sessionId: 'nope' })
  answers['get'] = await ask(base, 'GET', `/apps/demo/users/u1/sessions/${id}`)
  answers['trace'] = await ask(base, 'GET', `/debug/trace/session/${id}`)
  answers['devTrace'] = await ask(base, 'GET', `/dev/apps/demo/debug/trace/session/${id}`)
  const modelEvent = (answers['run'].body as { id: string }[])[0]?.id ?? ''
  answers['eventTrace'] = await ask(base, 'GET', `/dev/apps/demo/debug/trace/${modelEvent}`)
  answers['eventGraph'] = await ask(base, 'GET', `/apps/demo/users/u1/sessions/${id}/events/${modelEvent}/graph`)
  answers['graph'] = await ask(base, 'GET', '/dev/apps/demo/build_graph')
  answers['graphMissing'] = await ask(base, 'GET', '/dev/apps/nope/build_graph')
  answers['graphImage'] = await ask(base, 'GET', '/dev/apps/demo/build_graph_image?dark_mode=false')
  answers['version'] = await ask(base, 'GET', '/version')
  answers['artifacts'] = await ask(base, 'GET', `/apps/demo/users/u1/sessions/${id}/artifacts`)
  answers['artifactMissing'] = await ask(base, 'GET', `/apps/demo/users/u1/sessions/${id}/artifacts/x.txt`)
  answers['artifactVersions'] = await ask(base, 'GET', `/apps/demo/users/u1/sessions/${id}/artifacts/x.txt/versions`)
  // Not the eval routes: Google's JS server answers them 501; ours serves them (eval-routes.test.ts).
  answers['delete'] = await ask(base, 'DELETE', `/apps/demo/users/u1/sessions/${id}`)
  answers['deleteAgain'] = await ask(base, 'DELETE', `/apps/demo/users/u1/sessions/${id}`)
  return answers
}

let ours: AdkApiServer
let google: { url: string; close(): Promise<void> }
let mine: Record<string, Answer>
let theirs: Record<string, Answer>

beforeAll(async () => {
  const model = new ScriptedLlm([text(reply), text(reply)])
  const helper = Agent('helper').describe('helps').instruct('Help.').model(model)
  ours = await startAdkApiServer({ apps: { demo: helper }, port: 0 })
  google = await startGoogleServer('demo', reply)
  mine = await conversation(ours.url)
  theirs = await conversation(google.url)
}, 30_000)

afterAll(async () => {
  await ours?.close()
  await google?.close()
})

describe("our ADK API server answers like Google's", () => {
  it('gives every step the same status and content type', () => {
    const statuses = (answers: Record<string, Answer>) =>
      Object.fromEntries(Object.entries(answers).map(([step, answer]) => [step, [answer.status, answer.type]]))
    expect(statuses(mine)).toEqual(statuses(theirs))
  })

  it('lists the apps and creates sessions with initial state and chosen ids, in the same JSON', () => {
    expect(mine['apps']?.body).toEqual(['demo'])
    for (const step of ['create', 'createAt', 'get', 'list', 'missing', 'createAtAgain', 'runMissing', 'graphMissing'])
      expect(shape(mine[step]?.body), step).toEqual(shape(theirs[step]?.body))
    expect(mine['create']?.body).toMatchObject({ appName: 'demo', userId: 'u1', state: { topic: 'tea' }, events: [] })
    expect(mine['createAt']?.body).toMatchObject({ id: 's2', state: { b: 2 } })
    for (const step of ['createAtAgain', 'missing', 'graphMissing', 'artifactMissing'])
      expect(mine[step]?.body, step).toEqual(theirs[step]?.body)
  })

  it('runs with /run: the events as a JSON array in camelCase, stateDelta stored on the user event', () => {
    const events = mine['run']?.body as Record<string, unknown>[]
    expect(shape(events)).toEqual(shape(theirs['run']?.body))
    expect(events.map((event) => event['content'])).toEqual([{ role: 'model', parts: [{ text: reply }] }])
    const stored = mine['get']?.body as { events: Record<string, unknown>[]; state: unknown }
    expect(stored.state).toEqual({ topic: 'tea', mood: 'calm' })
    expect(stored.events[0]).toMatchObject({ author: 'user', actions: { stateDelta: { mood: 'calm' } } })
    expect(shape(stored)).toEqual(shape(theirs['get']?.body))
  })

  it('streams /run_sse as `data:` frames, partial events first when streaming', () => {
    const ourFrames = frames(mine['runSse']?.raw ?? '') as Record<string, unknown>[]
    const theirFrames = frames(theirs['runSse']?.raw ?? '') as Record<string, unknown>[]
    expect(mine['runSse']?.raw.endsWith('\n\n')).toBe(true)
    expect(ourFrames.map((frame) => frame['partial'] === true)).toEqual(
      theirFrames.map((frame) => frame['partial'] === true),
    )
    expect(shape(ourFrames)).toEqual(shape(theirFrames))
    const partialText = ourFrames
      .filter((frame) => frame['partial'])
      .map((frame) => (frame['content'] as { parts: { text: string }[] }).parts[0]?.text)
      .join('')
    expect(partialText).toBe(reply)
    expect(ourFrames.at(-1)).toMatchObject({ content: { parts: [{ text: reply }] } })
  })

  it('traces each session as ADK spans, and each model event by its id', () => {
    const names = (answer: Answer | undefined) => (answer?.body as { name: string }[]).map((span) => span.name).sort()
    expect(names(mine['trace'])).toEqual(names(theirs['trace']))
    expect(shape(mine['trace']?.body)).toEqual(shape(theirs['trace']?.body))
    expect(mine['devTrace']?.body).toEqual(mine['trace']?.body)
    const call = (mine['trace']?.body as { name: string; attributes: Record<string, string> }[]).find(
      (span) => span.name === 'call_llm',
    )
    expect(JSON.parse(call?.attributes['gcp.vertex.agent.llm_request'] ?? '{}')).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    })
    expect(Object.keys(mine['eventTrace']?.body as object).sort()).toEqual(
      Object.keys(theirs['eventTrace']?.body as object).sort(),
    )
  })

  it("describes the app's agents for adk-web's graph routes", () => {
    expect(mine['graph']?.body).toEqual({
      name: 'demo',
      root_agent: { name: 'helper', type: 'agent', description: 'helps', rerun_on_resume: true },
    })
    expect(mine['graph']?.body).toEqual(theirs['graph']?.body)
    expect(Object.keys(mine['graphImage']?.body as object).sort()).toEqual(['', 'dotSrc'])
    expect((mine['graphImage']?.body as { dotSrc: string }).dotSrc).toMatch(/^digraph "helper" \{[\s\S]*"helper"/)
    expect(Object.keys(mine['eventGraph']?.body as object)).toEqual(['dotSrc'])
  })

  it('answers artifacts and deletes as ADK does', () => {
    expect(shape(mine['version']?.body)).toEqual(shape(theirs['version']?.body))
    for (const step of ['artifacts', 'artifactVersions', 'delete'])
      expect(mine[step]?.body, step).toEqual(theirs[step]?.body)
    expect(mine['deleteAgain']?.body).toEqual({ error: expect.stringMatching(/^Session not found: /) })
  })
})
