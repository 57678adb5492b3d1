import { describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'
import * as C from '../namespaces/context/index.js'
import * as P from '../namespaces/prompt/index.js'
import { previewLlmCalls } from './llm-anatomy-preview.js'

/** The text of the `1. System:` item of one anatomy block: continuation lines unindented, quotes removed. */
function systemOf(anatomy: string): string {
  const lines = anatomy.split('\n')
  const start = lines.findIndex((line) => line.startsWith('  1. System:'))
  const end = lines.findIndex((line) => line.startsWith('  2. History:'))
  const text = lines
    .slice(start, end)
    .map((line) => line.slice(17))
    .join('\n')
  return text.slice(1, -1)
}

describe('llmAnatomy(options) shows what a run sends', () => {
  it('has the system instruction a ScriptedLlm run of the same agent receives', async () => {
    const model = new ScriptedLlm(['Filed.'])
    const agent = Agent('support')
      .model(model)
      .describe('Answers billing questions.')
      .globalInstruct('Be polite to {user:name}.')
      .instruct(
        P.role('You handle refunds.')
          .add(P.task('Help with order {order_id}.'))
          .add(P.when('vip', P.constraint('Offer a voucher.'))),
      )
      .reads('plan', 'tone')
      .subAgents(Agent('escalation').describe('Takes over hard cases.'))
    const state = { order_id: 'A-17', vip: true, plan: 'pro', tone: 'warm', 'user:name': 'Ada' }
    const anatomy = await agent.llmAnatomy({ state, userMessage: 'Where is my refund?' })
    await agent.ask('Where is my refund?', { state })
    const sent = model.requests[0]?.config.systemInstruction
    expect(sent).toContain('Help with order A-17.')
    expect(sent).toContain('Offer a voucher.')
    expect(sent).toContain('[tone]: warm')
    expect(systemOf(anatomy)).toBe(sent)
  })

  it('gives the same requests (instruction, contents, tools) for every agent of a pipeline', async () => {
    const writerModel = new ScriptedLlm(['A draft about cats.'])
    const criticModel = new ScriptedLlm(['Looks fine.'])
    const flow = Agent('writer')
      .model(writerModel)
      .instruct('Write about {topic}.')
      .writes('draft')
      .then(
        Agent('critic')
          .model(criticModel)
          .instruct('Critique the draft for {audience?}.')
          .context(C.fromState('draft').add(C.userOnly())),
      )
    await flow.ask('Go', { state: { topic: 'cats' } })
    const { calls } = await previewLlmCalls(flow.node, {
      state: { topic: 'cats' },
      userMessage: 'Go',
      replies: { writer: ['A draft about cats.'], critic: ['Looks fine.'] },
    })
    const [writer, critic] = calls
    expect(writer?.request.config.systemInstruction).toBe(writerModel.requests[0]?.config.systemInstruction)
    expect(writer?.request.contents).toEqual(writerModel.requests[0]?.contents)
    expect(critic?.request.config.systemInstruction).toBe(criticModel.requests[0]?.config.systemInstruction)
    expect(critic?.request.contents).toEqual(criticModel.requests[0]?.contents)
    expect(critic?.request.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "critic".\n\nCritique the draft for .\n\n<conversation_context>\n[draft]: A draft about cats.\n[user]: Go\n</conversation_context>',
    )
    expect(critic?.state).toEqual({ topic: 'cats', draft: 'A draft about cats.' })
  })
})
