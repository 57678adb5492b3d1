// docs/patterns.md: the reviewLoop sample (type-checked) and what the page says it does (run).
import { describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { reviewLoop, supervised } from '@adk-fluent/patterns'

describe('docs/patterns.md', () => {
  it('reviewLoop answers with the accepted draft and records the rounds in state', async () => {
    const model = new ScriptedLlm({
      writer: ['Light that charges while you ride.', 'Be seen. Ride on sunshine.'],
      critic: ['Score: 6/10\nSay why it matters: safety.', 'Score: 9/10\nShort and vivid.'],
    })
    // #region review-loop
    const loop = reviewLoop({
      worker: Agent('writer', model).instruct('Write a one-line tagline for the product.').writes('draft'),
      reviewer: Agent('critic', model).instruct('Rate {draft} as "Score: N/10", then one improvement.'),
      target: 0.8, // the quality that ends the loop: a fraction, or a verdict string such as 'approved'
      maxRounds: 3, // rounds at most
      // scale: 10, qualityKey: 'quality', feedbackKey: 'feedback', name: 'writer_review_loop' (the defaults)
    })
    const tagline = await loop.ask('A bike light that charges from sunlight.') // 'Be seen. Ride on sunshine.'
    // #endregion review-loop
    expect(tagline).toBe('Be seen. Ride on sunshine.')
    const events = []
    const replay = new ScriptedLlm({
      writer: ['one', 'two'],
      critic: ['Score: 2/10\nLonger.', 'Score: 3/10\nStill short.'],
    })
    const exhausted = reviewLoop({
      worker: Agent('writer', replay).writes('draft'),
      reviewer: Agent('critic', replay).reads('draft'),
      maxRounds: 2,
    })
    const state: Record<string, unknown> = {}
    for await (const event of exhausted.events('go')) {
      events.push(event)
      Object.assign(state, event.actions.stateDelta)
    }
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('two')
    expect(state).toMatchObject({
      draft: 'two',
      quality: 0.3,
      feedback: 'Score: 3/10\nStill short.',
      quality_review: 'Score: 3/10\nStill short.',
      quality_rounds: 2,
      quality_stop_reason: 'max rounds',
    })
  })

  it('supervised answers with the approved work', async () => {
    const model = new ScriptedLlm({
      drafter: ['Sorry.', 'We are sorry; a refund is on its way.'],
      lead: ['REJECTED: say what happens next.', 'APPROVED'],
    })
    const flow = supervised({
      worker: Agent('drafter', model).writes('reply'),
      supervisor: Agent('lead', model).reads('reply'),
      maxRevisions: 2,
    })
    expect(await flow.ask('Write to the customer.')).toBe('We are sorry; a refund is on its way.')
  })
})
