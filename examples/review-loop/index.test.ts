import { text } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { createReviewLoop, example } from './index.js'

const identity = (name: string) => `You are an agent. Your internal name is "${name}".\n\n`
const writerInstruction = 'Write a one-line tagline for the product the user describes. Reply with the tagline only.'

describe('review-loop example', () => {
  it('stops when the score reaches 0.8, with the feedback of round 1 in the writer request of round 2', async () => {
    const lines: string[] = []
    const run = await runExample(example, { print: (line) => lines.push(line), environment: {} })
    const requests = run.choice.scripted?.requests ?? []
    expect(requests.map((request) => request.config.labels?.['adk_agent_name'])).toEqual([
      'writer',
      'reviewer',
      'writer',
      'reviewer',
    ])
    expect(requests[0]?.config.systemInstruction).toBe(identity('writer') + writerInstruction)
    expect(requests[2]?.config.systemInstruction).toBe(
      `${identity('writer')}${writerInstruction}\n\n<conversation_context>\n[feedback]: Score: 6/10\nSay why it matters: riders want to be seen, not just to save batteries.\n</conversation_context>`,
    )
    expect(requests[3]?.config.systemInstruction).toContain(
      '<conversation_context>\n[draft]: Be seen. Ride on sunshine.\n</conversation_context>',
    )
    expect(run.state).toMatchObject({
      draft: 'Be seen. Ride on sunshine.',
      quality: 0.9,
      quality_rounds: 2,
      quality_stop_reason: 'target reached',
    })
    expect(run.finalText).toBe(
      'Final tagline: "Be seen. Ride on sunshine." (quality 0.90 after 2 round(s): target reached).',
    )
    expect(lines.at(-1)).toBe(`[writer_review_loop] ${run.finalText}`)
  })

  it('ends after three rounds when the reviewer is never satisfied', async () => {
    const script = ['a', 'Score: 4/10\nToo vague.', 'b', 'Score: 6/10\nCloser.', 'c', 'Score: 7/10\nAlmost.'].map(
      (reply) => text(reply),
    )
    const run = await runExample({ ...example, script }, { print: () => undefined, environment: {} })
    expect(run.choice.scripted?.remaining).toBe(0)
    expect(run.state).toMatchObject({
      draft: 'c',
      quality: 0.7,
      quality_rounds: 3,
      quality_stop_reason: 'max rounds',
      feedback: 'Score: 7/10\nAlmost.',
    })
    expect(run.finalText).toBe('Final tagline: "c" (quality 0.70 after 3 round(s): max rounds).')
  })

  it('lowers to a core LoopAgent', () => {
    const loop = createReviewLoop('gemini-2.5-flash').build()
    expect(loop.maxIterations).toBe(3)
    expect(loop.subAgents.map((agent) => agent.name)).toEqual([
      'writer',
      'reviewer',
      'judge_quality',
      'writer_review_loop_checkpoint',
    ])
  })
})
