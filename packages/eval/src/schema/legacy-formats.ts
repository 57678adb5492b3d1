import { randomUUID } from 'node:crypto'
import type { EvalCase, EvalSet, Invocation } from './types.js'
import type { ReadIssue } from './model.js'

/**
 * ADK's two older eval-set shapes, converted the way `convert_eval_set_to_pydanctic_schema` does: a list of cases
 * (`{ name, data: [turn…], initial_session }`) or, for `*.test.json`, a flat list of turns. Turns are
 * `{ query, reference?, expected_tool_use?: [{ tool_name, tool_input }], expected_intermediate_agent_responses? }`.
 */
export function convertLegacyEvalSet(raw: readonly unknown[], evalSetId: string, issues: ReadIssue[]): EvalSet {
  const isCaseList = raw.length > 0 && raw.every((item) => isRecord(item) && 'data' in item)
  const cases = isCaseList ? raw : [{ name: evalSetId, data: raw, initial_session: {} }]
  const now = Date.now() / 1000
  const evalCases = cases.map((item, index): EvalCase => {
    const path = isCaseList ? `[${index}]` : ''
    const record = item as Record<string, unknown>
    const data = record['data']
    if (!Array.isArray(data)) {
      issues.push({ path: `${path}.data`, message: 'expected array' })
      return { evalId: '' }
    }
    const conversation = data.map((turn, turnIndex) =>
      convertTurn(turn, `${path}${isCaseList ? '.data' : ''}[${turnIndex}]`, now, issues),
    )
    const session = record['initial_session']
    const evalCase: EvalCase = { evalId: String(record['name'] ?? ''), conversation, creationTimestamp: now }
    if (isRecord(session) && Object.keys(session).length > 0) {
      return {
        ...evalCase,
        sessionInput: {
          appName: String(session['app_name'] ?? ''),
          userId: String(session['user_id'] ?? ''),
          state: isRecord(session['state']) ? session['state'] : {},
        },
      }
    }
    return evalCase
  })
  return { evalSetId, name: evalSetId, evalCases, creationTimestamp: now }
}

function convertTurn(turn: unknown, path: string, now: number, issues: ReadIssue[]): Invocation {
  if (!isRecord(turn) || typeof turn['query'] !== 'string') {
    issues.push({ path: `${path}.query`, message: 'expected string' })
    return { userContent: { role: 'user', parts: [] } }
  }
  const tools = Array.isArray(turn['expected_tool_use']) ? turn['expected_tool_use'] : []
  const responses = Array.isArray(turn['expected_intermediate_agent_responses'])
    ? turn['expected_intermediate_agent_responses']
    : []
  return {
    invocationId: randomUUID(),
    userContent: { role: 'user', parts: [{ text: turn['query'] }] },
    finalResponse: { role: 'model', parts: [{ text: typeof turn['reference'] === 'string' ? turn['reference'] : '' }] },
    intermediateData: {
      toolUses: tools.filter(isRecord).map((tool) => ({
        name: String(tool['tool_name']),
        args: (tool['tool_input'] ?? {}) as Record<string, unknown>,
      })),
      intermediateResponses: responses
        .filter(isRecord)
        .map((response) => [String(response['author']), [{ text: String(response['text']) }]] as const),
    },
    creationTimestamp: now,
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
