import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { createEvent } from '../events/event.js'
import type { BaseLlm } from '../models/base-llm.js'
import { checkPreviewFidelity } from '../testing/preview-fidelity.js'
import { ScriptedLlm, text } from '../testing/scripted-llm.js'
import { DEFAULT_ROUTE } from '../workflow/edge.js'
import { FunctionNode } from '../workflow/function-node.js'
import { JoinNode } from '../workflow/join-node.js'
import { Workflow } from '../workflow/workflow.js'
import { previewRun } from './preview-run.js'

/**
 * A support workflow: an LLM classifier, a function routing on its answer (billing → a fan-out of an LLM lookup and a
 * state-writing function into a join; anything else → a general agent), then a writer ↔ critic cycle that a function
 * leaves when the critic approves.
 */
function support(model: BaseLlm): Workflow {
  const agent = (name: string, instruction: string) => new LlmAgent({ name, model, instruction })
  const classifier = agent('classifier', 'Answer billing or other.')
  const pick = new FunctionNode('pick', (_c, answer: string) =>
    createEvent({ output: answer, route: answer.includes('billing') ? 'billing' : 'other' }),
  )
  const lookup = agent('lookup', 'Find the invoice for {topic}.')
  const notes = new FunctionNode('notes', (ctx) => {
    ctx.state.set('noted', true)
    return 'noted'
  })
  const join = new JoinNode({ name: 'join' })
  const general = agent('general', 'Answer in general.')
  const writer = agent('writer', 'Write the reply.')
  const critic = agent('critic', 'Say revise or approve.')
  const verdict = new FunctionNode('verdict', (_c, review: string) =>
    createEvent({ output: review, route: review.includes('revise') ? 'revise' : 'done' }),
  )
  const finish = new FunctionNode('finish', (_c, review: string) => `sent after ${review}`)
  return new Workflow({
    name: 'support',
    edges: [
      ['START', classifier, pick, { billing: [lookup, notes], [DEFAULT_ROUTE]: general }],
      [[lookup, notes], join, writer, critic, verdict, { revise: writer, done: finish }],
    ],
  })
}

const script = {
  classifier: [text('billing')],
  lookup: [text('invoice 42')],
  writer: [text('draft 1'), text('draft 2')],
  critic: [text('revise: shorter'), text('approve')],
}

describe('previewRun of a graph workflow', () => {
  it('previews every model call exactly as the run makes it: routes, the fan-out and join, both cycle rounds', async () => {
    const { previewCalls } = await checkPreviewFidelity({
      agent: support,
      script,
      prompt: 'Why was I charged twice?',
      state: { topic: 'double charge' },
    })
    expect(previewCalls.map((call) => `${call.agent}#${call.callNumber}@${call.round ?? '-'}`)).toEqual([
      'classifier#1@-',
      'lookup#1@-',
      'writer#1@1',
      'critic#1@1',
      'writer#2@2',
      'critic#2@2',
    ])
    // The writer's second round reads its input: the critic's verdict that sent it back.
    expect(previewCalls[4]?.request.contents).toEqual([{ role: 'user', parts: [{ text: 'revise: shorter' }] }])
    // A fan-out branch runs on a branch of its own; the join's state write is visible afterwards.
    expect(previewCalls[1]?.branch).toBe('lookup@1')
    expect(previewCalls[2]?.state['noted']).toBe(true)
  })

  it('follows the default route with placeholder replies, and previews the other branch', async () => {
    const preview = await previewRun(support(new ScriptedLlm([])), { userMessage: 'hello', state: { topic: 'x' } })
    expect(preview.calls.map((call) => call.agent)).toEqual(['classifier', 'general'])
    expect(preview.calls[1]?.request.contents).toEqual([
      { role: 'user', parts: [{ text: preview.calls[0]?.reply.content?.parts?.[0]?.text }] },
    ])
  })

  it('stops a cycle that placeholders never leave with an explanation naming maxSteps', async () => {
    const poet = new LlmAgent({ name: 'poet', model: new ScriptedLlm([]), instruction: 'Write until done.' })
    const judge = new FunctionNode('judge', (_c, poem: string) =>
      createEvent({ output: poem, route: poem.includes('done') ? 'done' : 'again' }),
    )
    const cycle = new Workflow({ name: 'cycle', edges: [['START', poet, judge, { again: poet }]] })
    await expect(previewRun(cycle, { maxLlmCalls: 12 })).rejects.toThrow(/a workflow a maxSteps/)
  })
})
