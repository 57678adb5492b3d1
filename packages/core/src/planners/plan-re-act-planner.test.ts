import type { Part } from '../models/genai-types.js'
import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { createLlmRequest } from '../models/llm-request.js'
import { isBasePlanner } from './base-planner.js'
import { PlanReActPlanner, PlanReActTag } from './plan-re-act-planner.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function callbackContext(): Promise<Context> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user' })
  const agent = new QuietAgent({ name: 'planner_agent' })
  return new Context({
    invocationContext: new InvocationContext({ invocationId: 'e-1', agent, session, sessionService }),
  })
}

const call = (name: string, args: Record<string, unknown> = {}): Part => ({ functionCall: { name, args } })

describe('PlanReActPlanner instruction', () => {
  it('names every tag and explains the format in several paragraphs', async () => {
    const planner = new PlanReActPlanner()
    const instruction = planner.buildPlanningInstruction(await callbackContext(), createLlmRequest())
    for (const tag of ['/*PLANNING*/', '/*REPLANNING*/', '/*REASONING*/', '/*ACTION*/', '/*FINAL_ANSWER*/']) {
      expect(instruction).toContain(tag)
    }
    expect(Object.values(PlanReActTag)).toHaveLength(5)
    expect(instruction.split('\n\n').length).toBeGreaterThanOrEqual(6)
    expect(isBasePlanner(planner)).toBe(true)
  })

  it('leaves the request config alone', async () => {
    const request = createLlmRequest()
    new PlanReActPlanner().applyThinkingConfig(request)
    expect(request.config).toEqual({})
  })
})

describe('PlanReActPlanner.processPlanningResponse (spec 7, 10.14)', () => {
  const planner = new PlanReActPlanner()

  it('returns undefined for an empty response', async () => {
    expect(planner.processPlanningResponse(await callbackContext(), [])).toBeUndefined()
  })

  it('marks planning text as a thought, keeps the call and drops what follows (#122)', async () => {
    const parts = [{ text: '/*PLANNING*/ 1. do x' }, call('f'), { text: 'ignored' }]
    expect(planner.processPlanningResponse(await callbackContext(), parts)).toEqual([
      { text: '/*PLANNING*/ 1. do x', thought: true },
      call('f'),
    ])
  })

  it('splits at the final answer tag (#123)', async () => {
    const parts = [{ text: '/*REASONING*/ r /*FINAL_ANSWER*/ 42' }]
    expect(planner.processPlanningResponse(await callbackContext(), parts)).toEqual([
      { text: '/*REASONING*/ r /*FINAL_ANSWER*/', thought: true },
      { text: ' 42' },
    ])
  })

  it('splits at the last final answer tag, and skips empty halves', async () => {
    const context = await callbackContext()
    expect(planner.processPlanningResponse(context, [{ text: 'a /*FINAL_ANSWER*/ b /*FINAL_ANSWER*/ c' }])).toEqual([
      { text: 'a /*FINAL_ANSWER*/ b /*FINAL_ANSWER*/', thought: true },
      { text: ' c' },
    ])
    expect(planner.processPlanningResponse(context, [{ text: '/*FINAL_ANSWER*/' }])).toEqual([
      { text: '/*FINAL_ANSWER*/', thought: true },
    ])
  })

  it('drops function calls without a name (#124)', async () => {
    const parts = [
      { text: '/*ACTION*/ call g' },
      { functionCall: { name: '', args: {} } },
      { functionCall: { args: {} } },
      call('g'),
    ]
    expect(planner.processPlanningResponse(await callbackContext(), parts)).toEqual([
      { text: '/*ACTION*/ call g', thought: true },
      call('g'),
    ])
  })

  it('keeps a parallel call group that follows the first call when it is not the first part', async () => {
    const parts = [{ text: '/*ACTION*/ both' }, call('a'), call('b'), { text: 'between' }, call('c')]
    expect(planner.processPlanningResponse(await callbackContext(), parts)).toEqual([
      { text: '/*ACTION*/ both', thought: true },
      call('a'),
      call('b'),
    ])
  })

  it('keeps a parallel call group that starts at the first part (ADK drops it; we do not)', async () => {
    expect(planner.processPlanningResponse(await callbackContext(), [call('a'), call('b'), { text: 'x' }])).toEqual([
      call('a'),
      call('b'),
    ])
  })

  it('marks text starting with any planning tag, and keeps other text and parts unchanged', async () => {
    const inline = { inlineData: { mimeType: 'text/plain', data: 'eA==' } }
    const parts: Part[] = [
      { text: '/*REPLANNING*/ new plan' },
      { text: '/*REASONING*/ why' },
      { text: 'plain words mentioning /*PLANNING*/ later' },
      inline,
    ]
    expect(planner.processPlanningResponse(await callbackContext(), parts)).toEqual([
      { text: '/*REPLANNING*/ new plan', thought: true },
      { text: '/*REASONING*/ why', thought: true },
      { text: 'plain words mentioning /*PLANNING*/ later' },
      inline,
    ])
  })

  it('does not modify the parts it was given', async () => {
    const parts: Part[] = [{ text: '/*PLANNING*/ p' }, { text: 'x /*FINAL_ANSWER*/ y' }]
    const copy = structuredClone(parts)
    planner.processPlanningResponse(await callbackContext(), parts)
    expect(parts).toEqual(copy)
  })
})
