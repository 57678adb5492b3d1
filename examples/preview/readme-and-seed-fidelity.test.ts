// The README's pipelines, the seed's three flows and the two examples: the preview of each records the same
// requests as a ScriptedLlm run, byte for byte, and shows what later steps really receive.
import { call, checkPreviewFidelity, text } from '@adk-fluent/core/testing'
import { Agent, FanOut, Pipeline, Route, S } from '@adk-fluent/fluent'
import { reviewLoop } from '@adk-fluent/patterns'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { article, classifier, review, reviewGraph, support, writer } from '../readme/tour.js'

const partsOf = (contents: readonly { role?: string; parts?: { text?: string }[] }[] | undefined) =>
  (contents ?? []).map(
    (content) => `[${content.role}] ${(content.parts ?? []).map((part) => part.text ?? '<part>').join(' | ')}`,
  )

describe("the README's pipelines", () => {
  it('classifier and writer alone', async () => {
    await checkPreviewFidelity({
      agent: classifier,
      script: ['{"category":"billing","confidence":0.9}'],
      prompt: 'Refund?',
      state: { query: 'refund' },
    })
    await checkPreviewFidelity({
      agent: writer,
      script: ['An article.'],
      prompt: 'Go',
      state: { topic: 'bees', findings: '- They dance.', tone: 'warm' },
    })
  })

  it('reviewGraph: drafter → critic, twice round the cycle, then the publisher', async () => {
    const { previewCalls } = await checkPreviewFidelity({
      agent: reviewGraph,
      script: ['Draft one.', '"revise"', 'Draft two.', '"approve"', 'Published.'],
      prompt: 'Go',
      state: { topic: 'bees' },
    })
    expect(previewCalls.map((item) => `${item.agent}#${item.round ?? '-'}`)).toEqual([
      'drafter#1',
      'critic#1',
      'drafter#2',
      'critic#2',
      'publisher#-',
    ])
    expect(previewCalls[2]?.request.config.systemInstruction).toContain('Write about bees. Last verdict: revise')
  })

  it('article: capture → researcher → writer', async () => {
    const { previewCalls } = await checkPreviewFidelity({
      agent: article,
      script: ['- Bees dance.', 'Bees talk by dancing.'],
      prompt: 'honeybees',
    })
    expect(previewCalls[1]?.request.config.systemInstruction).toContain('[findings]: - Bees dance.')
    expect(previewCalls[1]?.state).toMatchObject({ topic: 'honeybees', findings: '- Bees dance.' })
  })

  it('support: classifier → compute → route (billing, with its tool)', async () => {
    const { previewCalls } = await checkPreviewFidelity({
      agent: support,
      script: ['{"category":"billing","confidence":0.8}', call('lookUpOrder', { orderId: 'A1' }), 'It shipped.'],
      prompt: 'Where is order A1?',
      state: { query: 'order A1' },
    })
    expect(previewCalls.map((item) => `${item.agent}:${item.callNumber}`)).toEqual([
      'classifier:1',
      'billing:1',
      'billing:2',
    ])
  })

  it('review: a fan-out of two reviewers, then a merge', async () => {
    const { previewCalls } = await checkPreviewFidelity({
      agent: review,
      script: { style: ['Too long.'], facts: ['One date is wrong.'] },
      prompt: 'Review it',
      state: { draft: 'Bees were domesticated in 1990.' },
    })
    expect(previewCalls.map((item) => item.branch).sort()).toEqual(['review.facts', 'review.style'])
  })
})

describe("the seed's three flows", () => {
  it('classify, then route', async () => {
    const flow = Agent('classifier')
      .instruct('Classify: billing or technical.')
      .returns(z.object({ category: z.enum(['billing', 'technical']) }))
      .writes('intent')
      .then(S.compute({ category: (state) => (state['intent'] as { category: string }).category }))
      .then(
        Route('category')
          .eq('billing', Agent('billing').instruct('Handle the billing question.'))
          .otherwise(Agent('tech').instruct('Fix it.')),
      )
    const { previewCalls } = await checkPreviewFidelity({
      agent: flow,
      script: ['{"category":"technical"}', 'Restart it.'],
      prompt: 'It crashes.',
    })
    expect(previewCalls.map((item) => item.agent)).toEqual(['classifier', 'tech'])
    expect(partsOf(previewCalls[1]?.request.contents)).toEqual([
      '[user] It crashes.',
      '[user] For context: | [classifier] said: {"category":"technical"}',
    ])
  })

  it('fan-out research, then merge and synthesise', async () => {
    const flow = Pipeline('research')
      .step(S.capture('topic'))
      .step(
        FanOut('fan')
          .branch(Agent('web').instruct('Research {topic} online.').writes('web'))
          .branch(Agent('papers').instruct('Research {topic} in papers.').writes('papers')),
      )
      .step(S.merge(['web', 'papers'], { into: 'findings' }))
      .step(Agent('synthesizer').instruct('Summarise.').reads('findings').writes('briefing'))
    const { previewCalls } = await checkPreviewFidelity({
      agent: flow,
      script: { web: ['Web says yes.'], papers: ['Papers say mostly.'], synthesizer: ['Mostly yes.'] },
      prompt: 'Do heat pumps save money?',
    })
    expect(previewCalls.at(-1)?.request.config.systemInstruction).toContain(
      '[findings]: Web says yes.\nPapers say mostly.',
    )
  })

  it('review loop, three rounds: from round 2 on the writer sees the feedback', async () => {
    const loop = reviewLoop({
      worker: Agent('writer').instruct('Write a tagline.').writes('draft'),
      reviewer: Agent('reviewer').instruct('Score it: "Score: N/10", then one change.').reads('draft'),
      target: 0.8,
      maxRounds: 3,
    })
    const script = [
      text('Draft one.'),
      text('Score: 5/10\nShorter.'),
      text('Draft two.'),
      text('Score: 7/10\nPunchier.'),
      text('Draft three.'),
      text('Score: 9/10\nDone.'),
    ]
    const { previewCalls } = await checkPreviewFidelity({ agent: loop, script, prompt: 'A solar bike light.' })
    expect(previewCalls.map((item) => `${item.agent}#${item.round}`)).toEqual([
      'writer#1',
      'reviewer#1',
      'writer#2',
      'reviewer#2',
      'writer#3',
      'reviewer#3',
    ])
    expect(JSON.stringify(previewCalls[4]?.request)).toContain('Punchier.')
  })
})

describe('the examples of the issue', () => {
  it('a step after the first sees the earlier reply in its contents', async () => {
    const flow = Agent('a').writes('x').then(Agent('b').instruct('Go on from {x}.'))
    const { runRequests, previewCalls } = await checkPreviewFidelity({ agent: flow, script: ['A', 'B'], prompt: 'hi' })
    expect(partsOf(runRequests[1]?.contents)).toEqual(['[user] hi', '[user] For context: | [a] said: A'])
    expect(partsOf(previewCalls[1]?.request.contents)).toEqual(['[user] hi', '[user] For context: | [a] said: A'])
    const anatomy = await flow.llmAnatomy({ state: { x: 'A' }, userMessage: 'hi', at: 'b' })
    expect(anatomy).toContain('contents sent (2):')
  })

  it('a pipeline previews from the state its first step sees', async () => {
    const flow = Agent('c').writes('intent').then(Agent('h').instruct('Handle {intent}'))
    const anatomy = await flow.llmAnatomy({ state: {}, userMessage: 'hi' })
    expect(anatomy).toContain(`Handle ⟨c's reply⟩`)
    await checkPreviewFidelity({ agent: flow, script: ['refund', 'Done.'], prompt: 'hi' })
  })
})
