/**
 * Writer and reviewer in a loop (`reviewLoop` from `@adk-fluent/patterns`): the writer drafts a product tagline, the
 * reviewer scores it as "Score: N/10" with one improvement, and the loop stops once the score reaches 0.8 (or after
 * three rounds). From round 2 on the writer sees the reviewer's feedback; the state records the quality, the rounds
 * and why the loop ended, and an after-agent callback on the loop replies with the outcome.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent, type LoopBuilder } from '@adk-fluent/fluent'
import { reviewLoop } from '@adk-fluent/patterns'
import type { Example } from '../shared/example.js'

/** Builds the writer → reviewer loop; when it ends, it replies with the final tagline, its quality and why it stopped. */
export function createReviewLoop(model: string | BaseLlm): LoopBuilder {
  const writer = Agent('writer', model)
    .instruct('Write a one-line tagline for the product the user describes. Reply with the tagline only.')
    .writes('draft')
  const reviewer = Agent('reviewer', model)
    .instruct(
      'Review the tagline. First line: "Score: N/10" (10 = ready to print). Second line: the one change that would improve it most.',
    )
    .reads('draft')
  return reviewLoop({ worker: writer, reviewer, target: 0.8, maxRounds: 3 }).afterAgent((context) => {
    const quality = context.state.get<number>('quality')
    const rounds = context.state.get<number>('quality_rounds')
    const reason = context.state.get<string>('quality_stop_reason')
    const summary = `Final tagline: "${String(context.state.get('draft'))}" (quality ${quality?.toFixed(2) ?? 'unknown'} after ${String(rounds)} round(s): ${String(reason)}).`
    return { role: 'model', parts: [{ text: summary }] }
  })
}

export const example: Example = {
  name: 'review-loop',
  description: 'A writer and a reviewer in reviewLoop: stops at a 0.8 score, feedback flows to the next draft.',
  defaultPrompt: 'A bike light that charges from sunlight while you ride.',
  script: [
    text('Light that charges while you ride.'),
    text('Score: 6/10\nSay why it matters: riders want to be seen, not just to save batteries.'),
    text('Be seen. Ride on sunshine.'),
    text('Score: 9/10\nShort, vivid and about safety. Ship it.'),
  ],
  create: createReviewLoop,
}
