import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, ConfigError, Pipeline } from '@adk-fluent/fluent'
import { reviewLoop } from './review-loop.js'
import { reply, runFlow, type SeenRequest } from './run-flow.test-helper.js'

function writer(log: SeenRequest[], drafts: readonly string[]) {
  return Agent('writer')
    .instruct('Write a haiku about autumn.')
    .writes('draft')
    .mock(drafts.map((draft) => reply(log, draft)))
}

function critic(log: SeenRequest[], reviews: readonly string[]) {
  return Agent('critic')
    .instruct('Rate the draft as "Score: N/10", then give one improvement.')
    .reads('draft')
    .mock(reviews.map((review) => reply(log, review)))
}

type ConfigIssue = ConfigError['issues'][number]

function configIssue(run: () => unknown): Omit<ConfigIssue, 'code'> {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error) && error.issues.length === 1) {
      // Every issue has a stable code; the assertions below compare the rest.
      const { code, ...issue } = error.issues[0] as ConfigIssue
      expect(code).toMatch(/^[a-z_]+$/)
      return issue
    }
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('reviewLoop', () => {
  it('stops as soon as the parsed quality reaches the target and records why', async () => {
    const writes: SeenRequest[] = []
    const reviews: SeenRequest[] = []
    const loop = reviewLoop({
      worker: writer(writes, ['draft one', 'draft two']),
      reviewer: critic(reviews, ['Score: 6/10\nAdd a concrete image.', 'Score: 9/10 — vivid now.']),
      target: 0.8,
      maxRounds: 5,
    })
    const { state } = await runFlow(loop)
    expect(writes).toHaveLength(2)
    expect(reviews).toHaveLength(2)
    expect(state).toMatchObject({
      draft: 'draft two',
      quality: 0.9,
      quality_rounds: 2,
      quality_stop_reason: 'target reached',
      quality_review: 'Score: 9/10 — vivid now.',
    })
    expect(reviews[1]?.system).toContain('[draft]: draft two')
  })

  it('runs maxRounds rounds when the target is never reached and says so', async () => {
    const writes: SeenRequest[] = []
    const loop = reviewLoop({
      worker: writer(writes, ['v1', 'v2', 'v3']),
      reviewer: critic([], ['Quality: 40%. Too long.', 'Quality: 55%. Still long.', 'Quality: 70%. Closer.']),
      maxRounds: 3,
    })
    const { state } = await runFlow(loop)
    expect(writes).toHaveLength(3)
    expect(state).toMatchObject({
      draft: 'v3',
      quality: 0.7,
      quality_rounds: 3,
      quality_stop_reason: 'max rounds',
      feedback: 'Quality: 70%. Closer.',
    })
  })

  it(".ask() answers the accepted draft, not the reviewer's last reply (and the last draft when rounds run out)", async () => {
    const accepted = reviewLoop({
      worker: writer([], ['draft one', 'draft two']),
      reviewer: critic([], ['Score: 6/10\nAdd a concrete image.', 'Score: 9/10 — vivid now.']),
      target: 0.8,
    })
    expect(await accepted.ask('go')).toBe('draft two')
    const exhausted = reviewLoop({
      worker: writer([], ['v1', 'v2']),
      reviewer: critic([], ['Score: 2/10', 'Score: 3/10']),
      maxRounds: 2,
    })
    expect(await exhausted.ask('go')).toBe('v2')
    // A worker without .writes() stores its draft under <qualityKey>_draft; .stream() ends with it too.
    const unnamed = reviewLoop({
      worker: Agent('poet').instruct('Write.').mock(['roses', 'violets']),
      reviewer: Agent('judge').instruct('Rate: Score: N/10.').mock(['Score: 5/10', 'Score: 9/10']),
      qualityKey: 'score',
    })
    const chunks: { author: string; text: string }[] = []
    for await (const chunk of unnamed.stream('go')) chunks.push(chunk)
    expect(chunks.at(-1)).toMatchObject({ author: 'judge_score', text: 'violets' })
    const { state } = await runFlow(unnamed)
    expect(state).toMatchObject({ score_draft: 'violets', score: 0.9 })
    // A structured worker's answer is its JSON.
    const structured = reviewLoop({
      worker: Agent('maker')
        .mock(['{"title":"Bees"}'])
        .returns(z.object({ title: z.string() })),
      reviewer: Agent('judge').mock(['Score: 9/10']),
    })
    expect(JSON.parse(String(await structured.ask('go')))).toEqual({ title: 'Bees' })
  })

  it("a loop's own afterAgent reply still comes last, and a pipeline after the loop still runs", async () => {
    const loop = reviewLoop({
      worker: writer([], ['only draft']),
      reviewer: critic([], ['Score: 9/10']),
    }).afterAgent((context) => ({ role: 'model', parts: [{ text: `Done: ${String(context.state.get('draft'))}` }] }))
    expect(await loop.ask('go')).toBe('Done: only draft')
    const flow = Pipeline('p')
      .step(reviewLoop({ worker: writer([], ['d1']), reviewer: critic([], ['Score: 9/10']) }))
      .step(Agent('publisher').instruct('Publish {draft}.').mock(['published']))
    expect(await flow.ask('go')).toBe('published')
  })

  it("feeds the reviewer's feedback into the next round's worker request, and none into round 1", async () => {
    const writes: SeenRequest[] = []
    const loop = reviewLoop({
      worker: writer(writes, ['draft one', 'draft two']),
      reviewer: critic([], ['Score: 5/10\nUse a seasonal word.', 'Score: 8/10']),
    })
    const { state } = await runFlow(loop, { state: { feedback: 'stale feedback from an earlier run' } })
    const identity = 'You are an agent. Your internal name is "writer".\n\n'
    expect(writes[0]?.system).toBe(`${identity}Write a haiku about autumn.`)
    expect(writes[1]?.system).toBe(
      identity +
        'Write a haiku about autumn.\n\n<conversation_context>\n[feedback]: Score: 5/10\nUse a seasonal word.\n</conversation_context>',
    )
    expect(writes[0]?.userTexts).toEqual(['go'])
    expect(state['quality_stop_reason']).toBe('target reached')
  })

  it('leaves a worker that names {feedback?} in its instruction as it is', async () => {
    const writes: SeenRequest[] = []
    const worker = Agent('writer')
      .instruct('Write a haiku.{feedback?}')
      .writes('draft')
      .mock([reply(writes, 'one'), reply(writes, 'two')])
    await runFlow(reviewLoop({ worker, reviewer: critic([], [' Try again.', 'Score: 10/10']), maxRounds: 2 }))
    const identity = 'You are an agent. Your internal name is "writer".\n\n'
    expect(writes.map((request) => request.system)).toEqual([
      `${identity}Write a haiku.`,
      `${identity}Write a haiku.Try again.`,
    ])
  })

  it('reads the quality and feedback of a structured reviewer', async () => {
    const writes: SeenRequest[] = []
    const reviewer = Agent('critic')
      .reads('draft')
      .returns(z.object({ score: z.number(), feedback: z.string() }))
      .writes('review')
      .mock(['{"score": 0.5, "feedback": "Name the tree."}', '{"score": 0.85, "feedback": "Good."}'])
    const { state } = await runFlow(reviewLoop({ worker: writer(writes, ['a', 'b']), reviewer, qualityKey: 'score' }))
    expect(state).toMatchObject({
      score: 0.85,
      score_stop_reason: 'target reached',
      score_rounds: 2,
      review: { score: 0.85, feedback: 'Good.' },
    })
    expect(writes[1]?.system).toContain('[feedback]: Name the tree.')
  })

  it('compares a string target case-insensitively with the verdict', async () => {
    const reviewer = critic([], ['Needs work: cut the second line.', '**Approved.** Ship it.'])
    const { state } = await runFlow(reviewLoop({ worker: writer([], ['a', 'b', 'c']), reviewer, target: 'approved' }))
    expect(state).toMatchObject({
      quality: 'Approved. Ship it.',
      quality_rounds: 2,
      quality_stop_reason: 'target reached',
    })
  })

  it('lowers to a core LoopAgent and keeps composing', () => {
    const loop = reviewLoop({ worker: Agent('writer'), reviewer: Agent('critic'), maxRounds: 4 })
    const built = loop.build()
    expect(built.maxIterations).toBe(4)
    expect(built.subAgents.map((agent) => agent.name)).toEqual([
      'writer',
      'critic',
      'judge_quality',
      'writer_review_loop_checkpoint',
    ])
    const flow = loop.then(Agent('publisher'))
    expect(flow.node.steps.map((step) => step.name)).toEqual(['writer_review_loop', 'publisher'])
  })

  it('rejects bad options with a ConfigError naming the field and the fix', () => {
    const worker = Agent('writer')
    const reviewer = Agent('critic')
    for (const maxRounds of [0, -1, 1.5]) {
      const issue = configIssue(() => reviewLoop({ worker, reviewer, maxRounds }))
      expect(issue.path).toEqual(['reviewLoop', 'maxRounds'])
      expect(issue.message).toBe(`must be a whole number >= 1, got ${maxRounds} (number).`)
      expect(issue.hint).toBe('Pass maxRounds: 1 or more (default 3).')
    }
    expect(configIssue(() => reviewLoop({ reviewer } as never))).toEqual({
      path: ['reviewLoop', 'worker'],
      message: 'expected a builder, it is missing.',
      hint: "Pass one, for example worker: Agent('writer').writes('draft').",
    })
    expect(configIssue(() => reviewLoop({ worker, reviewer, qualityKey: 'my quality' })).path).toEqual([
      'reviewLoop',
      'qualityKey',
    ])
    expect(configIssue(() => reviewLoop({ worker, reviewer, target: '  ' })).path).toEqual(['reviewLoop', 'target'])
    expect(configIssue(() => reviewLoop(undefined as never)).hint).toContain('Call it as reviewLoop({ worker, reviewer')
    const silentReviewer = Pipeline('review').step(Agent('critic')).step(Agent('summarizer'))
    expect(configIssue(() => reviewLoop({ worker, reviewer: silentReviewer }))).toEqual({
      path: ['reviewLoop', 'reviewer'],
      message: `"review" stores no answer in state, so its verdict cannot be read.`,
      hint: "Add .writes('quality_review') to its last agent.",
    })
  })

  it('a bare score on a 0–10 scale never passes a 0.8 target silently', async () => {
    const reviewer = Agent('critic')
      .reads('draft')
      .returns(z.object({ score: z.number(), feedback: z.string() }))
      .mock(['{"score": 4, "feedback": "Weak."}'])
    await expect(runFlow(reviewLoop({ worker: writer([], ['a']), reviewer, target: 0.8 }))).rejects.toThrow(
      /gave the score 4, outside the scale 0–1\. Pass the reviewer's scale/,
    )
  })

  it('reads bare scores on an explicit scale; a target above 1 is read on that scale', async () => {
    const reviewer = critic([], ['4', 'Score: 9'])
    const { state } = await runFlow(reviewLoop({ worker: writer([], ['a', 'b']), reviewer, target: 8, scale: 10 }))
    expect(state).toMatchObject({ quality: 0.9, quality_rounds: 2, quality_stop_reason: 'target reached' })
    const slash = critic([], ['Score: 4/10', 'Score: 9/10'])
    const second = await runFlow(
      reviewLoop({ worker: writer([], ['a', 'b']), reviewer: slash, target: 0.8, scale: 10 }),
    )
    expect(second.state).toMatchObject({ quality: 0.9, quality_rounds: 2 })
  })

  it('flags a target or a scale that does not match the reviewer at construction', () => {
    const worker = Agent('writer')
    expect(configIssue(() => reviewLoop({ worker, reviewer: Agent('critic'), target: 8 })).hint).toContain(
      'pass target: 0.8 (or target: 8, scale: 10)',
    )
    const tenPoint = Agent('critic').returns(z.object({ score: z.number().min(0).max(10), feedback: z.string() }))
    const issue = configIssue(() => reviewLoop({ worker, reviewer: tenPoint, target: 0.8 }))
    expect(issue.path).toEqual(['reviewLoop', 'scale'])
    expect(issue.message).toContain('returns score up to 10')
    expect(() => reviewLoop({ worker, reviewer: tenPoint, target: 0.8, scale: 10 })).not.toThrow()
    expect(configIssue(() => reviewLoop({ worker, reviewer: Agent('critic'), scale: 0 })).path).toEqual([
      'reviewLoop',
      'scale',
    ])
  })

  it('check() sees the judge step write the feedback the worker reads', () => {
    const loop = reviewLoop({
      worker: Agent('writer').instruct('Write.').writes('draft'),
      reviewer: Agent('critic').instruct('Rate {draft}.').writes('review'),
    })
    const issues = loop.check()
    expect(issues.filter((issue) => issue.level !== 'info')).toEqual([])
    expect(issues.map((issue) => issue.message).join('\n')).not.toMatch(
      /may \(its writes are not declared\)|no step writes it/,
    )
    expect(issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining('"judge_quality" writes it later in the loop'),
    ])
  })
})
