import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '@adk-fluent/core'
import { Agent, FanOut, Fallback, Loop, Pipeline, Route } from '../builders/workflow-factories.js'
import { mapOver } from '../builders/flow-helpers.js'
import * as C from '../namespaces/context/index.js'
import * as S from '../namespaces/state/index.js'
import type { CheckIssue } from './check-issue.js'

const summary = (issues: readonly CheckIssue[]) =>
  issues.map((issue) => `${issue.level} ${issue.agent} ${issue.path.join('.')}`)

function buildError(build: () => unknown): ConfigError {
  try {
    build()
  } catch (error) {
    if (ConfigError.isConfigError(error)) return error
    throw error
  }
  throw new Error('build() did not throw')
}

describe('check(): no false positives', () => {
  it('passes a correct writes("draft") → reads("draft") pipeline, and build() succeeds', () => {
    const flow = Agent('writer')
      .instruct('Write a draft.')
      .writes('draft')
      .then(Agent('critic').instruct('Review it.').reads('draft'))
    expect(flow.check()).toEqual([])
    expect(() => flow.build()).not.toThrow()
  })

  it('counts templates, S transform writes and declared initial state', () => {
    const flow = Pipeline('flow')
      .step(S.set({ tone: 'formal' }))
      .step(S.compute({ length: (state) => String(state['topic']).length }))
      .step(Agent('writer').instruct('Write {length} words about {topic} in a {tone} tone.').writes('draft'))
      .step(S.rename({ draft: 'text' }))
      .step(Agent('critic').instruct('Review {text}.'))
      .initialState('topic')
    expect(flow.check()).toEqual([])
  })
})

describe('check(): state keys read before they are written', () => {
  it('reports a template variable written only by a later step as an error with its path', () => {
    const flow = Agent('critic')
      .instruct('Review {draft}.')
      .writes('review')
      // @ts-expect-error the types agree: 'draft' is read by an earlier step but written only by this one
      .then(Agent('writer').instruct('Use {review}.').writes('draft'))
    const [issue] = flow.check()
    expect(issue).toEqual({
      code: 'state_written_later',
      level: 'error',
      agent: 'critic',
      message:
        'state key "draft" is read by "critic" ({draft} in the instruction) but written only by "writer", which runs after it.',
      hint: `Move "writer" before "critic", or declare it as initial state with .initialState('draft').`,
      path: ['critic_then_writer', 'steps', 0, 'critic', 'instruct'],
    })
  })

  it('reports a .reads() key written only by a later step', () => {
    // @ts-expect-error the types agree: 'draft' is read by an earlier step but written only by this one
    const flow = Pipeline('flow').step(Agent('critic').reads('draft')).step(Agent('writer').writes('draft'))
    expect(summary(flow.check())).toContain('error critic flow.steps.0.critic.reads')
  })

  it('reports a route key nothing writes as a warning, and as an error once initial state is declared', () => {
    const route = Route('intent').eq('billing', Agent('billing')).otherwise(Agent('general'))
    const flow = Agent('greeter').instruct('Greet.').then(route)
    expect(summary(flow.check()).filter((line) => line.includes('key'))).toEqual([
      'warning route_intent greeter_then_route_intent.steps.1.route_intent.key',
    ])
    expect(summary(flow.check({ initialState: ['user'] })).filter((line) => line.includes('key'))).toEqual([
      'error route_intent greeter_then_route_intent.steps.1.route_intent.key',
    ])
    expect(flow.check({ initialState: ['intent'] }).filter((issue) => issue.path.includes('key'))).toEqual([])
    const classified = Agent('classifier')
      .returns(z.object({ intent: z.string() }))
      .writes('intent')
      .then(route)
    expect(classified.check().filter((issue) => issue.path.includes('key'))).toEqual([])
  })

  it('honours .initialState() in check() and build(): declared keys pass, undeclared ones fail', () => {
    const writer = Agent('writer').instruct('Write about {topic} for {audience}.')
    expect(summary(writer.check())).toEqual(['warning writer writer.instruct', 'warning writer writer.instruct'])
    expect(() => writer.build()).not.toThrow()
    // @ts-expect-error the types agree: 'audience' is neither written nor declared initial
    const declared = writer.initialState('topic')
    expect(declared.node.initialState).toEqual(['topic'])
    expect(writer.node.initialState).toBeUndefined()
    expect(declared.check()).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringContaining('"audience"') }),
    ])
    expect(buildError(() => declared.build()).issues.map((issue) => issue.path)).toEqual([['writer', 'instruct']])
    expect(() => declared.initialState('audience').build()).not.toThrow()
    expect(declared.initialState('audience').then(Agent('next')).check()).toEqual([])
  })

  it('counts .initialState() with no keys as declared: the run starts with empty state (as the types do)', () => {
    // @ts-expect-error the types agree: 'topic' is neither written nor declared initial
    const empty = Agent('writer').instruct('Write about {topic}.').initialState()
    expect(empty.node.initialState).toEqual([])
    expect(summary(empty.check())).toEqual(['error writer writer.instruct'])
    expect(empty.check()[0]?.message).toContain('the declared initial state (empty) does not hold it')
    expect(() => Agent('writer').instruct('Write about {topic?}.').initialState().build()).not.toThrow()
  })

  it('downgrades to info after a plain function step or an opaque transform, whose writes are unknown', () => {
    const flow = Pipeline('flow')
      .step(function prepare() {
        return { draft: 'x' }
      })
      .step(Agent('critic').instruct('Review {draft}.'))
      .initialState('unused')
    expect(flow.check()).toEqual([
      expect.objectContaining({
        level: 'info',
        agent: 'critic',
        message: expect.stringContaining('"prepare" may (its writes are not declared)'),
      }),
    ])
    expect(() => flow.build()).not.toThrow()
    const loop = Loop('retry')
      .step(Agent('writer').reads('feedback').writes('draft'))
      .step(function judge(state) {
        return { feedback: `Shorter than ${String(state['draft']).length}` }
      })
      .maxIterations(3)
    expect(loop.check()).toEqual([
      expect.objectContaining({ level: 'info', agent: 'writer', message: expect.stringContaining('"judge" may') }),
    ])
  })

  it('checks S transform reads, loops (first iteration) and map-over items', () => {
    const renamed = Pipeline('flow')
      .step(S.rename({ draft: 'text' }))
      // @ts-expect-error the types agree: S.rename reads 'draft' before the writer writes it
      .step(Agent('writer').writes('draft'))
      .step(Agent('x').reads('text'))
    expect(summary(renamed.check())).toContain('error rename_draft_to_text flow.steps.0.rename_draft_to_text.reads')
    const loop = Loop('refine')
      .step(Agent('writer').instruct('Improve using {feedback}.').writes('draft'))
      // The types accept the loop alone (what comes before it is unknown); a pipeline with initial state checks it.
      .step(Agent('critic').reads('draft').writes('feedback'))
      .maxIterations(3)
    expect(loop.check()).toEqual([
      expect.objectContaining({
        level: 'error',
        agent: 'writer',
        message: expect.stringContaining('so the first iteration fails'),
      }),
    ])
    const softLoop = Loop('refine')
      .step(Agent('writer').instruct('Improve.').reads('feedback').writes('draft'))
      .step(Agent('critic').reads('draft').writes('feedback'))
      .maxIterations(3)
    expect(summary(softLoop.check())).toEqual(['info writer refine.steps.0.writer.reads'])
    const mapped = mapOver('docs', Agent('summarizer').instruct('Summarize {doc}.').writes('summary'), {
      itemKey: 'doc',
    }).initialState('docs')
    expect(mapped.check()).toEqual([])
  })

  it('finds mistakes deep in nested pipelines, fan-outs, loops, routes and fallbacks', () => {
    const deep = Pipeline('outer').step(
      FanOut('fan')
        .branch(
          Loop('loop')
            .step(
              Route('mode').eq(
                'a',
                Fallback('fb').attempt(Agent('a').instruct('Use {missing_key}.')).attempt(Agent('b')),
              ),
            )
            .maxIterations(2),
        )
        .branch(Agent('other')),
    )
    const issues = deep.check({ initialState: ['mode'] })
    expect(issues.find((issue) => issue.agent === 'a')?.path).toEqual([
      'outer',
      'steps',
      0,
      'fan',
      'branches',
      0,
      'loop',
      'steps',
      0,
      'route_mode',
      'branches',
      0,
      'fb',
      'attempts',
      0,
      'a',
      'instruct',
    ])
  })
})

describe('check(): other mistakes', () => {
  it('reports two parallel branches writing one key, and a branch reading a sibling branch key', () => {
    const fan = FanOut('research').branch(Agent('web').writes('notes')).branch(Agent('papers').writes('notes'))
    expect(fan.check()).toEqual([
      expect.objectContaining({
        level: 'error',
        agent: 'papers',
        path: ['research', 'branches', 1, 'papers', 'writes'],
      }),
    ])
    expect(fan.check()[0]?.message).toBe(
      'state key "notes" is written by "web" and "papers", two branches of FanOut "research"; branches run concurrently, so which value remains is not fixed.',
    )
    // The types accept the fan-out alone; a pipeline with initial state checks the sibling's key.
    const sibling = FanOut('pair').branch(Agent('a').writes('x')).branch(Agent('b').reads('x'))
    expect(sibling.check()).toEqual([
      expect.objectContaining({
        level: 'error',
        agent: 'b',
        message: expect.stringContaining('another branch of FanOut "pair"'),
      }),
    ])
  })

  it('reports a key written and never read as info (not for the last step, nor before a function step)', () => {
    const flow = Agent('researcher').writes('notes').then(Agent('writer').instruct('Write.').writes('draft'))
    expect(flow.check()).toEqual([
      {
        level: 'info',
        agent: 'researcher',
        message: `state key "notes" is written by "researcher" (.writes('notes')) but no later step reads it.`,
        hint: `Read it where it is needed (.reads('notes') or {notes} in an instruction), or stop writing it.`,
        path: ['researcher_then_writer', 'steps', 0, 'researcher', 'writes'],
      },
    ])
    expect(
      flow
        .then((state) => ({ seen: state['notes'] }))
        .check()
        .filter((issue) => issue.agent === 'researcher'),
    ).toEqual([])
  })

  it('reports an agent without .writes() whose successor sees no history', () => {
    const flow = Agent('researcher').instruct('Research.').then(Agent('writer').instruct('Write.').context(C.none()))
    expect(flow.check()).toEqual([
      expect.objectContaining({
        level: 'warning',
        agent: 'researcher',
        message:
          '"researcher" has no .writes() and the next agent, "writer", does not see the conversation (its context (C.none() — history suppressed) leaves out researcher\'s messages), so the answer of "researcher" never reaches "writer".',
        path: ['researcher_then_writer', 'steps', 0, 'researcher', 'writes'],
      }),
    ])
    expect(
      Agent('researcher')
        .then(Agent('writer').context(C.window(3)))
        .check(),
    ).toEqual([])
    expect(Agent('researcher').then(Agent('writer').context(C.userOnly())).check()).toHaveLength(1)
  })

  it('reports what core does with .returns() and tools (info), and .returns() with transfer targets (warning)', () => {
    const schema = z.object({ answer: z.string() })
    const withTools = Agent('solver')
      .returns(schema)
      .tool(function lookUp() {
        return 1
      })
    expect(withTools.check()).toEqual([])
    expect(() => withTools.build()).not.toThrow()
    const withTransfer = Agent('router').returns(schema).subAgents(Agent('billing'))
    expect(summary(withTransfer.check())).toEqual(['error router router.returns'])
    expect(() => withTransfer.build()).toThrow(/returns\(\) and \.subAgents\(\)/)
  })

  it('suggests a written key close to a read key that nothing writes', () => {
    const issues = Agent('outliner').writes('outline').then(Agent('writer').reads('outlne')).check()
    const typo = issues.find((issue) => issue.agent === 'writer')
    expect(typo?.message).toContain("Did you mean 'outline'?")
    expect(typo?.hint).toBe(`Read 'outline' (written by "outliner") instead: .reads('outline').`)
    // The unread write points at the near miss too.
    expect(issues.find((issue) => issue.agent === 'outliner')?.hint).toBe(
      `"writer" reads 'outlne' (.reads('outlne')), which nothing writes: read 'outline' there (.reads('outline')).`,
    )
    expect(
      Agent('a')
        .writes('outline')
        .then(Agent('b').reads('summary'))
        .check()
        .find((issue) => issue.agent === 'b')?.message,
    ).not.toContain('Did you mean')
  })

  it('a typo hint says "Did you mean" once and never suggests writing the typo (templates, routes, initial state)', () => {
    const flow = Agent('writer').instruct('Write.').writes('draft').then(Agent('editor').instruct('Edit {drfat}.'))
    const [typo] = flow.check().filter((issue) => issue.agent === 'editor')
    const text = `${typo?.message}\n${typo?.hint}`
    expect(text.match(/Did you mean/g)).toHaveLength(1)
    expect(text).not.toContain(".writes('drfat')")
    expect(typo?.hint).toBe(`Read 'draft' (written by "writer") instead: {draft} in the instruction.`)
    const built = (() => {
      try {
        // @ts-expect-error -- the typed flow catches the typo too; build() reports it at run time.
        flow.initialState('topic').build()
      } catch (error) {
        return String(error)
      }
      return ''
    })()
    expect(built.match(/Did you mean/g)).toHaveLength(1)
    expect(built).not.toContain(".writes('drfat')")
    const routed = Agent('classifier')
      .writes('intent')
      .then(Route('intnet').eq('billing', Agent('billing')))
    expect(routed.check().find((issue) => issue.agent === 'intnet' || issue.message.includes('"intnet"'))?.hint).toBe(
      `Read 'intent' (written by "classifier") instead: Route('intent').`,
    )
    // @ts-expect-error -- the typed flow catches the typo too; check() reports it with the fix.
    const fromInput = Agent('writer').reads('topci').initialState('topic')
    expect(fromInput.check().find((issue) => issue.agent === 'writer')?.hint).toBe(
      `Read 'topic' (in the declared initial state) instead: .reads('topic').`,
    )
  })

  it('reports different agents sharing a name (warning), sibling duplicates (error) but not a reused builder', () => {
    const writer = Agent('writer').instruct('Write.')
    expect(
      writer
        .then(Agent('critic'))
        .then(writer)
        .check()
        .filter((issue) => issue.message.includes('named')),
    ).toEqual([])
    const nested = Agent('writer').then(Pipeline('inner').step(Agent('writer').instruct('Other.')).step(Agent('x')))
    expect(summary(nested.check())).toContain('warning writer writer_then_inner.steps.1.inner.steps.0.writer')
    const siblings = Pipeline('p').step(Agent('a')).step(Agent('a').instruct('Other.'))
    expect(siblings.check()[0]).toMatchObject({ level: 'error', agent: 'p', path: ['p', 'steps'] })
  })

  it('reports a loop that can never stop (error) and one limited only by a predicate (warning)', () => {
    const endless = Loop('forever').step(Agent('a')).step(Agent('b'))
    expect(endless.check()).toEqual([
      {
        level: 'error',
        code: 'empty_workflow',
        agent: 'forever',
        message: 'Loop "forever" can never stop: it has neither maxIterations nor until.',
        hint: 'Add .maxIterations(n) or .until((state) => …).',
        path: ['forever', 'maxIterations'],
      },
    ])
    const unbounded = Loop('until_done')
      .step(Agent('a'))
      .until((state) => state['done'] === true)
    expect(summary(unbounded.check())).toEqual(['warning until_done until_done'])
  })

  it('reports one-step workflows and .globalInstruct() on a nested agent', () => {
    expect(summary(Pipeline('solo').step(Agent('a')).check())).toEqual(['info solo solo'])
    expect(summary(FanOut('solo').branch(Agent('a')).check())).toEqual(['info solo solo'])
    expect(summary(Agent('a').then(Agent('b').globalInstruct('Be brief.')).check())).toEqual([
      'warning b a_then_b.steps.1.b.globalInstruct',
    ])
  })

  it('never throws, even on schemas JSON cannot carry and instruction functions', () => {
    const odd = Agent('odd')
      .returns(z.object({ when: z.date() }))
      .produces(z.date())
      .instruct(() => 'dynamic')
      .then(Pipeline('empty'))
    expect(() => odd.check()).not.toThrow()
    expect(odd.check()[0]).toMatchObject({ level: 'error', agent: 'empty' })
  })
})

describe('build(): fails on every error-level issue', () => {
  it('throws one ConfigError listing all errors with their paths', () => {
    const flow = Pipeline('flow')
      .step(Agent('critic').instruct('Review {draft}.'))
      // @ts-expect-error the types agree: 'draft' is read by an earlier step but written only by this one
      .step(FanOut('fan').branch(Agent('a').writes('draft')).branch(Agent('b').writes('draft')))
      .step(Loop('forever').step(Agent('c')))
    const error = buildError(() => flow.build())
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'flow.steps.2.forever.maxIterations',
      'flow.steps.0.critic.instruct',
      'flow.steps.1.fan.branches.1.b.writes',
    ])
    expect(error.message).toContain('3 configuration problems:')
    expect(error.message).toContain(
      `2. flow.steps.0.critic.instruct: state key "draft" is read by "critic" ({draft} in the instruction) but written only by "a", which runs after it. Move "a" before "critic", or declare it as initial state with .initialState('draft').`,
    )
  })
})
