import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import * as S from '../namespaces/state/index.js'
import * as A from '../namespaces/artifacts/index.js'
import { Agent, FanOut, Fallback, Loop, Pipeline, Route } from './workflow-factories.js'
import { expect as expectState, gate, mapOver, race, tap, timeout } from './flow-helpers.js'
import type { FlowBuilder } from './flow-builder.js'
import type { RouteBuilder } from './route-builder.js'
import { isDeeplyFrozen, summarizeAgent } from '../compile/agent-summary.test-helper.js'

const a = Agent('a')
const b = Agent('b')
const c = Agent('c')
const llm = (name: string) => ({ type: 'LlmAgent', name })
const always = () => true
const noop = () => undefined

describe('workflow builders: golden compiled output', () => {
  it('Pipeline(name).step(x) lowers to a SequentialAgent', () => {
    expect(summarizeAgent(Pipeline('flow').step(a).step(b).describe('Two steps.').build())).toEqual({
      type: 'SequentialAgent',
      name: 'flow',
      description: 'Two steps.',
      subAgents: [llm('a'), llm('b')],
    })
  })

  it('.then() names the pipeline a_then_b, extends a pipeline on the left and nests one on the right', () => {
    expect(summarizeAgent(a.then(b).then(c).build())).toEqual({
      type: 'SequentialAgent',
      name: 'a_then_b',
      subAgents: [llm('a'), llm('b'), llm('c')],
    })
    expect(summarizeAgent(a.then(b.then(c)).build())).toEqual({
      type: 'SequentialAgent',
      name: 'a_then_b_then_c',
      subAgents: [llm('a'), { type: 'SequentialAgent', name: 'b_then_c', subAgents: [llm('b'), llm('c')] }],
    })
  })

  it('.parallel() and FanOut lower to a ParallelAgent named a_and_b', () => {
    expect(summarizeAgent(a.parallel(b).parallel(c).build())).toEqual({
      type: 'ParallelAgent',
      name: 'a_and_b',
      subAgents: [llm('a'), llm('b'), llm('c')],
    })
    expect(summarizeAgent(FanOut('research').branch(a).branch(b).build())).toEqual({
      type: 'ParallelAgent',
      name: 'research',
      subAgents: [llm('a'), llm('b')],
    })
  })

  it('.times(n) lowers to a LoopAgent named a_x3; a bare pipeline gives the loop its steps', () => {
    expect(summarizeAgent(a.times(3).build())).toEqual({
      type: 'LoopAgent',
      name: 'a_x3',
      maxIterations: 3,
      subAgents: [llm('a')],
    })
    expect(summarizeAgent(a.then(b).times(2).build())).toEqual({
      type: 'LoopAgent',
      name: 'a_then_b_x2',
      maxIterations: 2,
      subAgents: [llm('a'), llm('b')],
    })
    expect(summarizeAgent(a.then(b).describe('kept').times(2).build())).toMatchObject({
      subAgents: [{ type: 'SequentialAgent', name: 'a_then_b', description: 'kept' }],
    })
  })

  it('Loop(...).times(n) bounds the loop itself (never a second loop around one that never stops)', () => {
    expect(summarizeAgent(Loop('l').step(a).times(3).build())).toEqual({
      type: 'LoopAgent',
      name: 'l',
      maxIterations: 3,
      subAgents: [llm('a')],
    })
    expect(Loop('l').step(a).until(always).times(3).check()).toEqual([])
    expect(summarizeAgent(Loop('l').step(a).maxIterations(2).times(3).build())).toMatchObject({
      name: 'l_x3',
      maxIterations: 3,
      subAgents: [{ type: 'LoopAgent', name: 'l', maxIterations: 2 }],
    })
  })

  it('.until(pred, { max }) and Loop.until() append an escalating checkpoint', () => {
    expect(summarizeAgent(a.until(always, { max: 5 }).build())).toEqual({
      type: 'LoopAgent',
      name: 'a_until',
      maxIterations: 5,
      subAgents: [llm('a'), { type: 'StepAgent', name: 'a_until_checkpoint' }],
    })
    expect(a.until(always).node.maxIterations).toBe(10)
    expect(summarizeAgent(Loop('refine').step(a).step(b).until(always).build())).toEqual({
      type: 'LoopAgent',
      name: 'refine',
      subAgents: [llm('a'), llm('b'), { type: 'StepAgent', name: 'refine_checkpoint' }],
    })
    expect(Loop('refine').step(a).until(always, { max: 4 }).build().maxIterations).toBe(4)
    expect(summarizeAgent(Loop('refine').step(a).maxIterations(2).build())).toEqual({
      type: 'LoopAgent',
      name: 'refine',
      maxIterations: 2,
      subAgents: [llm('a')],
    })
  })

  it('.fallback() and Fallback lower to a FallbackAgent named a_or_b, flattening chains', () => {
    expect(summarizeAgent(a.fallback(b).fallback(c).build())).toEqual({
      type: 'FallbackAgent',
      name: 'a_or_b',
      subAgents: [llm('a'), llm('b'), llm('c')],
    })
    expect(summarizeAgent(Fallback('answer').attempt(a).attempt(b).build())).toMatchObject({
      type: 'FallbackAgent',
      name: 'answer',
    })
  })

  it('Route lowers to a RouteAgent with each distinct target built once', () => {
    const route = Route('intent')
      .eq('billing', a)
      .ne('x', b)
      .gt(1, a)
      .gte(1, a)
      .lt(1, a)
      .lte(1, a)
      .contains('z', a)
      .when(always, b)
      .otherwise(c)
    const built = route.build()
    expect(summarizeAgent(built)).toEqual({
      type: 'RouteAgent',
      name: 'route_intent',
      subAgents: [llm('a'), llm('b'), llm('c')],
    })
    expect(route.node.rules.map((rule) => rule.operator)).toEqual([
      'eq',
      'ne',
      'gt',
      'gte',
      'lt',
      'lte',
      'contains',
      'when',
    ])
    expect(Route('temp:mode').node.name).toBe('route_temp_mode')
  })

  it('lowers functions, S transforms and A operations to step agents with distinct names', () => {
    function normalize() {
      return { topic: 'cats' }
    }
    const flow = Pipeline('flow')
      .step(normalize)
      .step(() => ({ x: 1 }))
      .step(() => ({ y: 2 }))
      .step(S.set({ a: 1 }))
      .step(A.save('report.md', 'text'))
    expect(summarizeAgent(flow.build())['subAgents']).toEqual([
      { type: 'StepAgent', name: 'normalize' },
      { type: 'StepAgent', name: 'fn_step' },
      { type: 'StepAgent', name: 'fn_step_2' },
      { type: 'StepAgent', name: S.set({ a: 1 }).name },
      { type: 'StepAgent', name: 'save_report_md' },
    ])
  })

  it('lowers the helpers to their runtime agents', () => {
    const kinds = (builder: FlowBuilder) => summarizeAgent(builder.build())
    expect(kinds(tap(noop))).toEqual({ type: 'StepAgent', name: 'tap' })
    expect(kinds(expectState(always, 'needed'))).toEqual({ type: 'StepAgent', name: 'expect' })
    expect(kinds(gate(always, { key: 'review' }))).toEqual({ type: 'GateAgent', name: 'gate_review' })
    expect(kinds(race(a, b))).toEqual({ type: 'RaceAgent', name: 'race_a_b', subAgents: [llm('a'), llm('b')] })
    expect(kinds(timeout(a, 100))).toEqual({ type: 'TimeoutAgent', name: 'a_timeout', subAgents: [llm('a')] })
    expect(kinds(mapOver('items', a))).toEqual({ type: 'MapOverAgent', name: 'map_items', subAgents: [llm('a')] })
  })

  it('gives a gate the steps after it, so a closed gate stops the rest of its pipeline', () => {
    expect(summarizeAgent(a.then(gate(always)).then(b).then(c).build())).toEqual({
      type: 'SequentialAgent',
      name: 'a_then_gate_gate',
      subAgents: [llm('a'), { type: 'GateAgent', name: 'gate_gate', subAgents: [llm('b'), llm('c')] }],
    })
    expect(summarizeAgent(Loop('l').step(gate(always)).step(a).until(always).build())['subAgents']).toEqual([
      { type: 'GateAgent', name: 'gate_gate', subAgents: [llm('a'), { type: 'StepAgent', name: 'l_checkpoint' }] },
    ])
  })

  it('compiles workflow describe and agent callbacks, composing several into one', () => {
    expect(
      summarizeAgent(FanOut('f').branch(a).describe('d').beforeAgent(noop).beforeAgent(noop).afterAgent(noop).build()),
    ).toEqual({
      type: 'ParallelAgent',
      name: 'f',
      description: 'd',
      beforeAgentCallback: 1,
      afterAgentCallback: 1,
      subAgents: [llm('a')],
    })
  })
})

describe('workflow builders: immutability', () => {
  const calls: ReadonlyArray<readonly [string, FlowBuilder, (builder: never) => FlowBuilder]> = [
    ['Pipeline.step', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.step(b)],
    ['Pipeline.then', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.then(b)],
    ['Pipeline.describe', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.describe('d')],
    ['Pipeline.beforeAgent', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.beforeAgent(noop)],
    ['Pipeline.afterAgent', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.afterAgent(noop)],
    ['Pipeline.times', Pipeline('p').step(a), (p: ReturnType<typeof Pipeline>) => p.times(2)],
    ['FanOut.branch', FanOut('f').branch(a), (f: ReturnType<typeof FanOut>) => f.branch(b)],
    ['FanOut.parallel', FanOut('f').branch(a), (f: ReturnType<typeof FanOut>) => f.parallel(b)],
    ['FanOut.describe', FanOut('f').branch(a), (f: ReturnType<typeof FanOut>) => f.describe('d')],
    ['FanOut.beforeAgent', FanOut('f').branch(a), (f: ReturnType<typeof FanOut>) => f.beforeAgent(noop)],
    ['FanOut.afterAgent', FanOut('f').branch(a), (f: ReturnType<typeof FanOut>) => f.afterAgent(noop)],
    ['Loop.step', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.step(b)],
    ['Loop.maxIterations', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.maxIterations(3)],
    ['Loop.until', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.until(always, { max: 2 })],
    ['Loop.describe', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.describe('d')],
    ['Loop.beforeAgent', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.beforeAgent(noop)],
    ['Loop.afterAgent', Loop('l').step(a), (l: ReturnType<typeof Loop>) => l.afterAgent(noop)],
    ['Fallback.attempt', Fallback('f').attempt(a), (f: ReturnType<typeof Fallback>) => f.attempt(b)],
    ['Fallback.fallback', Fallback('f').attempt(a), (f: ReturnType<typeof Fallback>) => f.fallback(b)],
    ['Fallback.describe', Fallback('f').attempt(a), (f: ReturnType<typeof Fallback>) => f.describe('d')],
    ['Fallback.beforeAgent', Fallback('f').attempt(a), (f: ReturnType<typeof Fallback>) => f.beforeAgent(noop)],
    ['Fallback.afterAgent', Fallback('f').attempt(a), (f: ReturnType<typeof Fallback>) => f.afterAgent(noop)],
    ...(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains'] as const).map(
      (operator) =>
        [
          `Route.${operator}`,
          Route('k').eq('x', a),
          // Each comparison is overloaded (a function target or a typed step): call them through one signature.
          (r: RouteBuilder) =>
            (r as unknown as Record<typeof operator, (value: unknown, target: unknown) => RouteBuilder>)[operator](
              1,
              b,
            ),
        ] as const,
    ),
    ['Route.when', Route('k').eq('x', a), (r: ReturnType<typeof Route>) => r.when(always, b)],
    ['Route.otherwise', Route('k').eq('x', a), (r: ReturnType<typeof Route>) => r.otherwise(b)],
    ['Route.describe', Route('k').eq('x', a), (r: ReturnType<typeof Route>) => r.describe('d')],
    ['Route.beforeAgent', Route('k').eq('x', a), (r: ReturnType<typeof Route>) => r.beforeAgent(noop)],
    ['Route.afterAgent', Route('k').eq('x', a), (r: ReturnType<typeof Route>) => r.afterAgent(noop)],
    ['tap.then', tap(noop), (t: FlowBuilder) => t.then(a)],
    ['race.parallel', race(a, b), (t: FlowBuilder) => t.parallel(c)],
    ['gate.fallback', gate(always), (t: FlowBuilder) => t.fallback(c)],
    ['timeout.until', timeout(a, 5), (t: FlowBuilder) => t.until(always)],
    ['mapOver.times', mapOver('items', a), (t: FlowBuilder) => t.times(2)],
    ['expect.then', expectState(always, 'm'), (t: FlowBuilder) => t.then(b)],
  ]

  it.each(calls)('%s returns a new frozen builder and leaves the receiver unchanged', (_, builder, call) => {
    const before = builder.node
    const snapshot = { ...before }
    const result = call(builder as never)
    expect(result).not.toBe(builder)
    expect(builder.node).toBe(before)
    expect(builder.node).toEqual(snapshot)
    expect(isDeeplyFrozen(result.node)).toBe(true)
  })
})

describe('workflow builders: bad input', () => {
  const errorOf = (action: () => unknown): ConfigError => {
    try {
      action()
    } catch (error) {
      if (ConfigError.isConfigError(error)) return error
      throw error
    }
    throw new Error('expected a ConfigError')
  }

  it('rejects a step that is not a builder, transform, operation or function at the call', () => {
    expect(errorOf(() => Pipeline('pipeline').step(42 as never)).message).toBe(
      'pipeline.step: 42 (number) is not a step. Pass a builder (Agent(...), Pipeline(...), …), an S transform (S.set(...)), an A operation (A.save(...)) or a function (state) => ({ key: value }).',
    )
    expect(errorOf(() => a.then('b' as never)).message).toMatch(/^a\.then: "b" \(string\) is not a step\./)
    expect(errorOf(() => Route('k').eq('x', {} as never)).message).toMatch(/^route_k\.eq: an object is not a step\./)
  })

  it('rejects bad counts, keys, names and predicates at the call', () => {
    expect(errorOf(() => a.times(0)).message).toBe('a.times: times(count) must be a whole number >= 1, got 0 (number).')
    expect(errorOf(() => Loop('l').maxIterations(1.5)).message).toMatch(
      /^l\.maxIterations: maxIterations\(count\) must be a whole number >= 1/,
    )
    expect(errorOf(() => Loop('l').until('done' as never)).message).toMatch(/^l\.until: expected a predicate/)
    expect(errorOf(() => Route('not a key')).message).toMatch(
      /^Route\("not a key"\): "not a key" \(string\) is not a valid state key/,
    )
    expect(errorOf(() => Pipeline('has space')).message).toMatch(/^Pipeline\("has space"\): Found invalid agent name/)
    expect(errorOf(() => race(a)).message).toBe('race: needs at least two agents to race, got 1.')
    expect(errorOf(() => mapOver('items', a, { concurrency: 0 })).message).toMatch(
      /^mapOver\.concurrency: concurrency must be a whole number >= 1/,
    )
    expect(errorOf(() => expectState(always, '')).message).toMatch(/^expect\.message: expected a message string/)
    expect(errorOf(() => timeout(a, -1)).message).toMatch(
      /^timeout\.milliseconds: milliseconds must be a whole number >= 1/,
    )
  })

  it('reports every structural problem at build(), each with its builder path and fix', () => {
    const flow = Pipeline('pipeline')
      .step(Agent('writer'))
      .step(Loop('critic_loop').step(Agent('critic')))
      .step(FanOut('checks').branch(Route('intent')))
      .step(Agent('writer'))
    const error = errorOf(() => flow.build())
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'pipeline.steps',
      'pipeline.steps.1.critic_loop.maxIterations',
      'pipeline.steps.2.checks.branches.0.route_intent.branches',
    ])
    expect(error.message).toBe(
      [
        '3 configuration problems:',
        '1. pipeline.steps: steps 0 and 3 are both named "writer"; agents under one parent need distinct names. Give one a new name, for example Agent(\'writer_2\').',
        '2. pipeline.steps.1.critic_loop.maxIterations: Loop "critic_loop" can never stop: it has neither maxIterations nor until. Add .maxIterations(n) or .until((state) => …).',
        '3. pipeline.steps.2.checks.branches.0.route_intent.branches: Route on "intent" has no branches. Add them with .eq(value, agent), .when(pred, agent), … or .otherwise(agent).',
      ].join('\n'),
    )
  })

  it('reports empty workflows at build()', () => {
    expect(errorOf(() => Pipeline('p').build()).message).toBe(
      'p.steps: Pipeline "p" has no steps. Add one with .step(agent) or .then(agent).',
    )
    expect(errorOf(() => FanOut('f').build()).message).toBe(
      'f.branches: FanOut "f" has no branches. Add them with .branch(agent).',
    )
    expect(errorOf(() => Fallback('f').build()).message).toBe(
      'f.attempts: Fallback "f" has nothing to try. Add attempts with .attempt(agent).',
    )
    expect(errorOf(() => Loop('l').maxIterations(1).build()).message).toBe(
      'l.steps: Loop "l" has no steps. Add one with .step(agent).',
    )
  })
})
