import { ConfigError } from '@adk-fluent/core'
import {
  addEvalCase,
  evalCaseFromSession,
  evalStatusCode,
  evaluate,
  metricEvaluators,
  type EvalCase,
  type EvalSet,
  type EvalSetResult,
} from '@adk-fluent/eval'
import type { AdkApiApps } from './api-apps.js'
import { limitReached, type AdkApiLimits } from './api-limits.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import { optionalObject, requiredId, requiredString } from '../http/body.js'
import { readApiBody } from './api-body.js'
import { Reply } from '../http/reply.js'
import type { RouteCall, Router } from '../http/router.js'

const idPattern = /^[a-zA-Z0-9_]+$/

const bad = (message: string) => new HttpRequestError('HTTP_BAD_REQUEST', message)
const missing = (message: string) => new HttpRequestError('HTTP_NOT_FOUND', message)

/** A result as ADK's API sends it: camelCase, statuses as numbers (PASSED 1, FAILED 2, NOT_EVALUATED 3). */
function resultJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resultJson)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      (key === 'evalStatus' || key === 'finalEvalStatus') && typeof field === 'string'
        ? evalStatusCode[field as keyof typeof evalStatusCode]
        : resultJson(field),
    ]),
  )
}

/** Both spellings of a route: ADK's `/apps/{app}/…` and adk-web's `/dev/apps/{app}/…`. */
const both = (path: string) => [`/apps/:app${path}`, `/dev/apps/:app${path}`]

/**
 * ADK's eval routes (adk-web's eval tab) on `@adk-fluent/eval`: eval sets and their cases kept in the server's memory
 * (a case is made from a session with `add_session`), runs with `run_eval` (the app's agent, ADK's metrics) and their
 * results. Judge metrics need a judge model, which the server does not have: asking for one is a 400. Sets per app
 * and cases per set are limited (429 past the limit); the newest `keptEvalResults` results of an app are kept.
 */
export function addEvalRoutes(router: Router, apps: AdkApiApps, limits: AdkApiLimits): void {
  const sets = new Map<string, Map<string, EvalSet>>()
  const results = new Map<string, Map<string, EvalSetResult>>()
  const setsOf = (app: string) => {
    apps.agent(app)
    let found = sets.get(app)
    if (!found) sets.set(app, (found = new Map()))
    return found
  }
  const resultsOf = (app: string) => {
    apps.agent(app)
    let found = results.get(app)
    if (!found) results.set(app, (found = new Map()))
    return found
  }
  const setOf = ({ params }: RouteCall) => {
    const id = params['set'] as string
    const found = setsOf(params['app'] as string).get(id)
    if (!found) throw missing(`Eval set not found: ${id}`)
    return found
  }
  const caseOf = (call: RouteCall) => {
    const id = call.params['case'] as string
    const found = setOf(call).evalCases.find((evalCase) => evalCase.evalId === id)
    if (!found) throw missing(`Eval case not found: ${id}`)
    return found
  }
  const save = (call: RouteCall, set: EvalSet) => setsOf(call.params['app'] as string).set(set.evalSetId, set)
  const create = (call: RouteCall, id: string) => {
    if (!idPattern.test(id)) throw bad(`Eval set id "${id}" may only use letters, digits and "_".`)
    const existing = setsOf(call.params['app'] as string)
    if (existing.has(id)) throw bad(`Eval set already exists: ${id}`)
    if (existing.size >= limits.evalSetsPerApp)
      throw limitReached(
        `App "${call.params['app'] as string}" has ${existing.size} eval sets, the most this server keeps per app: delete one first.`,
      )
    const set: EvalSet = { evalSetId: id, name: id, evalCases: [], creationTimestamp: Date.now() / 1000 }
    save(call, set)
    return set
  }
  const metricsInfo = async () => ({
    metricsInfo: Object.keys(metricEvaluators).map((metricName) => ({
      metricName,
      metricValueInfo: { interval: { minValue: 0, maxValue: 1, openAtMin: false, openAtMax: false } },
    })),
  })

  router
    .add('GET', both('/eval_sets'), async ({ params }) => [...setsOf(params['app'] as string).keys()].sort())
    .add('POST', both('/eval-sets'), async (call) => {
      const evalSet = optionalObject(await readApiBody(call.request), 'eval_set')
      if (!evalSet) throw bad('"eval_set" must be an object such as { "eval_set_id": "smoke", "eval_cases": [] }.')
      return create(call, requiredString(evalSet, 'eval_set_id'))
    })
    .add('POST', both('/eval_sets/:set'), async (call) => create(call, call.params['set'] as string))
    .add('GET', both('/eval_sets/:set'), async (call) => setOf(call))
    .add('DELETE', both('/eval_sets/:set'), async (call) => {
      setOf(call)
      setsOf(call.params['app'] as string).delete(call.params['set'] as string)
      return Reply.empty(204)
    })
    .add('GET', both('/eval_sets/:set/evals'), async (call) => setOf(call).evalCases.map((evalCase) => evalCase.evalId))
    .add('GET', both('/eval_sets/:set/evals/:case'), async (call) => caseOf(call))
    .add('PUT', both('/eval_sets/:set/evals/:case'), async (call) => {
      const current = caseOf(call)
      const body = await readApiBody(call.request)
      if (body['evalId'] !== undefined && body['evalId'] !== current.evalId)
        throw bad(`"evalId" is "${String(body['evalId'])}" but the path names case "${current.evalId}".`)
      if (!Array.isArray(body['conversation'])) throw bad('"conversation" must be an array of invocations.')
      const updated = { ...current, ...body, evalId: current.evalId } as EvalCase
      const set = setOf(call)
      save(call, { ...set, evalCases: set.evalCases.map((evalCase) => (evalCase === current ? updated : evalCase)) })
      return updated
    })
    .add('DELETE', both('/eval_sets/:set/evals/:case'), async (call) => {
      const current = caseOf(call)
      const set = setOf(call)
      save(call, { ...set, evalCases: set.evalCases.filter((evalCase) => evalCase !== current) })
      return Reply.empty(204)
    })
    .add('POST', both('/eval_sets/:set/add_session'), async (call) => {
      const set = setOf(call)
      const body = await readApiBody(call.request)
      const evalId = requiredString(body, 'evalId')
      const sessionId = requiredId(body, 'sessionId')
      const appName = call.params['app'] as string
      const session = await apps.sessionService.getSession({
        appName,
        userId: requiredId(body, 'userId'),
        sessionId,
      })
      if (!session) throw sessionNotFound(sessionId)
      if (!idPattern.test(evalId)) throw bad(`"evalId" "${evalId}" may only use letters, digits and "_".`)
      if (set.evalCases.some((evalCase) => evalCase.evalId === evalId))
        throw bad(`Eval set ${set.evalSetId} already has a case "${evalId}".`)
      if (set.evalCases.length >= limits.casesPerEvalSet)
        throw limitReached(
          `Eval set ${set.evalSetId} has ${set.evalCases.length} cases, the most this server keeps per set: delete one first.`,
        )
      const evalCase = evalCaseFromSession(session, { evalId })
      save(call, addEvalCase(set, evalCase))
      return evalCase
    })
    .add('POST', both('/eval_sets/:set/run_eval'), async (call) => {
      const set = setOf(call)
      const appName = call.params['app'] as string
      const body = await readApiBody(call.request)
      const evalIds = body['evalIds'] ?? []
      if (!Array.isArray(evalIds) || evalIds.some((id) => typeof id !== 'string'))
        throw bad('"evalIds" must be an array of case ids.')
      const metrics = body['evalMetrics'] ?? [{ metricName: 'tool_trajectory_avg_score', threshold: 1 }]
      if (!Array.isArray(metrics)) throw bad('"evalMetrics" must be an array of { metricName, threshold }.')
      const criteria: Record<string, number> = {}
      for (const [index, metric] of metrics.entries()) {
        const { metricName, threshold } = (metric ?? {}) as { metricName?: unknown; threshold?: unknown }
        if (typeof metricName !== 'string' || !(metricName in metricEvaluators))
          throw bad(`"evalMetrics[${index}].metricName" must be one of ${Object.keys(metricEvaluators).join(', ')}.`)
        if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1))
          throw bad(`"evalMetrics[${index}].threshold" must be a number from 0 to 1.`)
        criteria[metricName] = threshold
      }
      const known = new Set(set.evalCases.map((evalCase) => evalCase.evalId))
      const unknown = (evalIds as string[]).find((id) => !known.has(id))
      if (unknown !== undefined) throw missing(`Eval case not found: ${unknown}`)
      let result: EvalSetResult
      try {
        result = await evaluate({
          agent: apps.agentSource(appName),
          evalSet: set,
          config: { criteria },
          ...(evalIds.length > 0 ? { caseIds: evalIds as string[] } : {}),
          appName,
          onWarning: () => undefined,
        })
      } catch (error) {
        if (ConfigError.isConfigError(error)) throw bad(error.message)
        throw error
      }
      const kept = resultsOf(appName)
      kept.set(result.evalSetResultId, result)
      for (const oldest of kept.keys()) {
        if (kept.size <= limits.keptEvalResults) break
        kept.delete(oldest)
      }
      return resultJson(result.evalCaseResults)
    })
    .add('GET', both('/eval_results'), async ({ params }) => [...resultsOf(params['app'] as string).keys()])
    .add('GET', both('/eval_results/:result'), async ({ params }) => {
      const found = resultsOf(params['app'] as string).get(params['result'] as string)
      if (!found) throw missing(`Eval result not found: ${params['result'] as string}`)
      return resultJson(found)
    })
    .add('GET', [...both('/eval_metrics'), '/dev/apps/:app/metrics-info'], async ({ params }) => {
      apps.agent(params['app'] as string)
      return metricsInfo()
    })
}
