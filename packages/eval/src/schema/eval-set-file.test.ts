import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolCallsOf } from '../run/tool-calls.js'
import { evalSetToJson, parseEvalSet, readEvalSetFile, writeEvalSetFile } from './eval-set-file.js'

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname

function containsNull(value: unknown): boolean {
  if (value === null) return true
  if (Array.isArray(value)) return value.some(containsNull)
  if (typeof value === 'object') return Object.values(value as object).some(containsNull)
  return false
}

function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, out))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key)
      if (key !== 'args' && key !== 'state' && key !== 'response') keysOf(item, out)
    }
  }
  return out
}

describe('eval-set files', () => {
  it('says a directory is a directory (not "EISDIR")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adk-fluent-evalset-dir-'))
    expect(() => readEvalSetFile(dir, { source: 'evals/' })).toThrow(
      'evals/ is a directory: pass an eval set file in it (…/name.evalset.json).',
    )
  })

  it('loads an ADK-written eval set with nulls everywhere, and round-trips it', () => {
    const set = readEvalSetFile(fixture('adk-written-nulls.evalset.json'))
    expect(set.evalSetId).toBe('dice_nulls')
    expect(set.description).toBeUndefined()
    const [first, second] = set.evalCases
    expect(first?.sessionInput).toEqual({ appName: 'hello_world', userId: 'user' })
    expect(first?.conversation?.[0]?.userContent).toEqual({ parts: [{ text: 'Roll a 6 sided die' }], role: 'user' })
    expect(toolCallsOf(first?.conversation?.[1])).toEqual([{ args: { nums: [4] }, name: 'check_prime' }])
    expect(toolCallsOf(second?.conversation?.[0])).toEqual([{ id: 'adk-1', args: { sides: 20 }, name: 'roll_die' }])

    const dir = mkdtempSync(join(tmpdir(), 'eval-roundtrip-'))
    writeEvalSetFile(join(dir, 'out.evalset.json'), set)
    const written = JSON.parse(readFileSync(join(dir, 'out.evalset.json'), 'utf8')) as Record<string, unknown>
    expect(containsNull(written)).toBe(false)
    expect(keysOf(written).filter((key) => /[A-Z]/.test(key))).toEqual([])
    expect(readEvalSetFile(join(dir, 'out.evalset.json'))).toEqual(set)
    // Defaults are left out, as ADK's exclude_defaults does: empty state, empty tool lists, timestamp 0.
    const secondCase = (written['eval_cases'] as Record<string, unknown>[])[1] as Record<string, unknown>
    expect(Object.keys(secondCase)).toEqual(['eval_id', 'conversation'])
    expect((written['eval_cases'] as Record<string, Record<string, unknown>>[])[0]?.['session_input']).toEqual({
      app_name: 'hello_world',
      user_id: 'user',
    })
  })

  it('accepts camelCase below the top level and keeps unknown keys', () => {
    const set = readEvalSetFile(fixture('camel-below-top.evalset.json'))
    const evalCase = set.evalCases[0]
    expect(evalCase?.evalId).toBe('lisbon')
    expect(evalCase?.sessionInput?.state).toEqual({ 'user:home_city': 'Lisbon' })
    expect(toolCallsOf(evalCase?.conversation?.[0])).toEqual([
      { name: 'get_weather', args: { city: 'Lisbon', snake_key: 1 } },
    ])
    expect(evalCase?.extra).toEqual({ editorNote: 'kept' })
    const written = evalSetToJson(set) as { eval_cases: Record<string, unknown>[] }
    expect(written.eval_cases[0]).toMatchObject({
      eval_id: 'lisbon',
      editorNote: 'kept',
      session_input: { app_name: 'weather', user_id: 'u1' },
    })
    expect((written.eval_cases[0]?.['conversation'] as Record<string, unknown>[])[0]).toMatchObject({
      invocation_id: 'i1',
      uiOnlyIndex: 3,
      intermediate_data: { tool_uses: [{ name: 'get_weather', args: { city: 'Lisbon', snake_key: 1 } }] },
    })
  })

  it('rejects a camelCase top level as ADK does, saying so', () => {
    expect(() => readEvalSetFile(fixture('camel-top.evalset.json'), { source: 'camel-top.evalset.json' })).toThrow(
      'camel-top.evalset.json: the top level of an eval set is snake_case in ADK (eval_set_id, eval_cases, creation_timestamp); camelCase keys (evalSetId, evalCases) are accepted only below it, so ADK rejects this file too',
    )
  })

  it('names the file, the case and the field of a malformed eval set', () => {
    expect(() => readEvalSetFile(fixture('malformed.evalset.json'), { source: 'malformed.evalset.json' })).toThrow(
      'malformed.evalset.json: eval case "bad_case": eval_cases[2].conversation[0].user_content: expected object, got string "hello"',
    )
    expect(() => parseEvalSet({ eval_set_id: 's', eval_cases: [{ conversation: [] }] }, { source: 'x.json' })).toThrow(
      'x.json: eval case #0: eval_cases[0].eval_id: required',
    )
    expect(() => parseEvalSet({ eval_set_id: 's', eval_cases: [{ eval_id: 'c' }] })).toThrow(
      'eval set: eval case "c": eval_cases[0]: needs exactly one of conversation and conversation_scenario',
    )
  })

  it('converts the old list-of-cases format', () => {
    const set = readEvalSetFile(fixture('list-of-cases.json'), { evalSetId: 'evals/list-of-cases.json' })
    expect(set.evalSetId).toBe('evals/list-of-cases.json')
    expect(set.name).toBe('evals/list-of-cases.json')
    const evalCase = set.evalCases[0]
    expect(evalCase?.evalId).toBe('roll_once')
    expect(evalCase?.sessionInput).toEqual({ appName: 'dice', userId: 'u7', state: { count: 1 } })
    const [first, second] = evalCase?.conversation ?? []
    expect(first?.userContent).toEqual({ role: 'user', parts: [{ text: 'Roll a 6 sided die' }] })
    expect(first?.finalResponse).toEqual({ role: 'model', parts: [{ text: 'You rolled a 4.' }] })
    expect(first?.intermediateData).toEqual({
      toolUses: [{ name: 'roll_die', args: { sides: 6 } }],
      intermediateResponses: [['helper', [{ text: 'rolling' }]]],
    })
    expect(first?.invocationId).toMatch(/^[0-9a-f-]{36}$/)
    // A missing reference becomes an empty final response (ROUGE 0 against it).
    expect(second?.finalResponse).toEqual({ role: 'model', parts: [{ text: '' }] })
  })

  it('converts the old list-of-turns format (*.test.json) into one case named after the set', () => {
    const set = readEvalSetFile(fixture('list-of-turns.test.json'), { evalSetId: 'dice.test.json' })
    expect(set.evalCases.map((evalCase) => evalCase.evalId)).toEqual(['dice.test.json'])
    expect(set.evalCases[0]?.sessionInput).toBeUndefined()
    expect(set.evalCases[0]?.conversation?.map((turn) => toolCallsOf(turn))).toEqual([
      [],
      [{ name: 'roll_die', args: { sides: 6 } }],
    ])
  })
})
