// An app given as a function: called for every run and every eval case, each on a tree of its own (what the CLI's
// offline mode serves: a one-reply script answers every message).
import { afterEach, describe, expect, it } from 'vitest'
import { LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'

let server: AdkApiServer | undefined
afterEach(async () => {
  await server?.close()
})

async function post(path: string, body: unknown = {}) {
  const response = await fetch((server as AdkApiServer).url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('startAdkApiServer with a function app', () => {
  it('gives every run and every eval case a tree of its own', async () => {
    const built: ScriptedLlm[] = []
    const geo = () => {
      const model = new ScriptedLlm(['Paris is the capital.'])
      built.push(model)
      return new LlmAgent({ name: 'geo', model })
    }
    server = await startAdkApiServer({ apps: { geo }, port: 0 })
    const sessions: string[] = []
    for (const user of ['ann', 'ann', 'bob']) {
      const { id } = (await post(`/apps/geo/users/${user}/sessions`)).body as { id: string }
      sessions.push(id)
      const run = await post('/run', {
        appName: 'geo',
        userId: user,
        sessionId: id,
        newMessage: { parts: [{ text: 'Capital of France?' }] },
      })
      expect(run).toMatchObject({ status: 200, body: [{ content: { parts: [{ text: 'Paris is the capital.' }] } }] })
    }
    // One tree at the start (its graph), then one per run.
    expect(built.map((model) => model.requests.length)).toEqual([0, 1, 1, 1])
    await post('/dev/apps/geo/eval-sets', { eval_set: { eval_set_id: 'capitals', eval_cases: [] } })
    for (const [index, id] of sessions.slice(0, 2).entries())
      await post('/dev/apps/geo/eval_sets/capitals/add_session', {
        evalId: `case_${index}`,
        sessionId: id,
        userId: 'ann',
      })
    const results = await post('/dev/apps/geo/eval_sets/capitals/run_eval', {
      evalIds: [],
      evalMetrics: [{ metricName: 'response_match_score', threshold: 0.8 }],
    })
    // Both cases pass: each ran on its own tree (one shared script would have had no reply for the second).
    expect((results.body as { finalEvalStatus: number }[]).map((result) => result.finalEvalStatus)).toEqual([1, 1])
    expect(built).toHaveLength(6)
  })
})
