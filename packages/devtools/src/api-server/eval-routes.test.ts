// adk-web's eval tab on @adk-fluent/eval: an eval set made from a chat session, run again against the app's agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'

let server: AdkApiServer

beforeAll(async () => {
  // One reply for the chat, one for each eval run: the second run answers differently and fails.
  const model = new ScriptedLlm([text('Paris is the capital.'), text('Paris is the capital.'), text('Lyon, I think.')])
  server = await startAdkApiServer({ apps: { geo: new LlmAgent({ name: 'geo', model }) }, port: 0 })
})

afterAll(async () => {
  await server?.close()
})

async function ask(method: string, path: string, body?: unknown) {
  const response = await fetch(server.url + path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const raw = await response.text()
  return { status: response.status, body: raw === '' ? undefined : (JSON.parse(raw) as unknown) }
}

describe('eval sets over the API (adk-web eval tab)', () => {
  it('creates a set, adds a chat session as a case, runs it (PASSED then FAILED as statuses 1 and 2) and keeps the results', async () => {
    const { id } = (await ask('POST', '/apps/geo/users/ann/sessions')).body as { id: string }
    const message = { parts: [{ text: 'Capital of France?' }] }
    await ask('POST', '/run', { appName: 'geo', userId: 'ann', sessionId: id, newMessage: message })

    const created = await ask('POST', '/dev/apps/geo/eval-sets', {
      eval_set: { eval_set_id: 'smoke', model_execution_mode: 'live', tool_execution_mode: 'live', eval_cases: [] },
    })
    expect(created).toMatchObject({ status: 200, body: { evalSetId: 'smoke', evalCases: [] } })
    expect((await ask('POST', '/dev/apps/geo/eval-sets', { eval_set: { eval_set_id: 'smoke' } })).status).toBe(400)
    expect((await ask('POST', '/dev/apps/geo/eval-sets', { eval_set: { eval_set_id: 'bad id' } })).status).toBe(400)
    expect((await ask('GET', '/dev/apps/geo/eval_sets')).body).toEqual(['smoke'])

    const added = await ask('POST', '/dev/apps/geo/eval_sets/smoke/add_session', {
      evalId: 'france',
      sessionId: id,
      userId: 'ann',
    })
    expect(added.body).toMatchObject({
      evalId: 'france',
      conversation: [{ userContent: { parts: [{ text: 'Capital of France?' }] } }],
      sessionInput: { appName: 'geo', userId: 'ann' },
    })
    expect((await ask('GET', '/dev/apps/geo/eval_sets/smoke/evals')).body).toEqual(['france'])
    expect((await ask('GET', '/apps/geo/eval_sets/smoke/evals/france')).body).toEqual(added.body)
    expect(
      (
        await ask('POST', '/dev/apps/geo/eval_sets/smoke/add_session', {
          evalId: 'france',
          sessionId: id,
          userId: 'ann',
        })
      ).status,
    ).toBe(400)

    const metrics = [{ metricName: 'response_match_score', threshold: 0.8 }]
    const passed = await ask('POST', '/dev/apps/geo/eval_sets/smoke/run_eval', {
      evalIds: ['france'],
      evalMetrics: metrics,
    })
    expect(passed.body).toMatchObject([
      { evalSetId: 'smoke', evalId: 'france', finalEvalStatus: 1, overallEvalMetricResults: [{ evalStatus: 1 }] },
    ])
    const failed = await ask('POST', '/dev/apps/geo/eval_sets/smoke/run_eval', { evalIds: [], evalMetrics: metrics })
    expect(failed.body).toMatchObject([{ evalId: 'france', finalEvalStatus: 2 }])

    const stored = (await ask('GET', '/dev/apps/geo/eval_results')).body as string[]
    expect(stored).toHaveLength(2)
    expect(
      (await ask('GET', `/dev/apps/geo/eval_results/${encodeURIComponent(stored[1] as string)}`)).body,
    ).toMatchObject({
      evalSetId: 'smoke',
      evalCaseResults: [{ evalId: 'france', finalEvalStatus: 2 }],
    })
    expect(
      (
        (await ask('GET', '/dev/apps/geo/metrics-info')).body as { metricsInfo: { metricName: string }[] }
      ).metricsInfo.map((m) => m.metricName),
    ).toContain('response_match_score')
  })

  it('refuses bad eval input with 400 and unknown sets, cases and results with 404', async () => {
    await ask('POST', '/apps/geo/eval_sets/other')
    for (const [body, error] of [
      [{ evalMetrics: [{ metricName: 'nope', threshold: 1 }] }, /metricName" must be one of/],
      [
        { evalMetrics: [{ metricName: 'response_match_score', threshold: 2 }] },
        /threshold" must be a number from 0 to 1/,
      ],
      [{ evalIds: 'all' }, /"evalIds" must be an array/],
      [{ evalMetrics: [{ metricName: 'final_response_match_v2', threshold: 0.5 }] }, /judge/i],
    ] as const) {
      const answer = await ask('POST', '/apps/geo/eval_sets/other/run_eval', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect((answer.body as { error: string }).error).toMatch(error)
    }
    expect(await ask('GET', '/apps/geo/eval_sets/none')).toEqual({
      status: 404,
      body: { error: 'Eval set not found: none' },
    })
    expect((await ask('GET', '/apps/geo/eval_sets/other/evals/none')).status).toBe(404)
    expect((await ask('POST', '/apps/geo/eval_sets/other/run_eval', { evalIds: ['none'] })).status).toBe(404)
    expect((await ask('GET', '/apps/geo/eval_results/none')).status).toBe(404)
    expect((await ask('GET', '/apps/nope/eval_sets')).status).toBe(404)
    expect((await ask('DELETE', '/apps/geo/eval_sets/other')).status).toBe(204)
    expect((await ask('GET', '/apps/geo/eval_sets')).body).toEqual(['smoke'])
  })
})
