import { describe, expect, it } from 'vitest'
import { DEFAULT_ROUTE, InMemoryRunner, Workflow, type Event, type NodeContext } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { z } from 'zod'
import * as S from '../namespaces/state/index.js'
import { Graph } from './graph-factory.js'
import type { FlowBuilder } from './flow-builder.js'
import type { GraphNodeContext } from '../ir/graph-function-node.js'
import { Agent, Pipeline } from './workflow-factories.js'

async function run(builder: FlowBuilder, prompt = 'go', state?: Record<string, unknown>) {
  const runner = new InMemoryRunner({ agent: builder.build() })
  const events: Event[] = []
  for await (const event of builder.events(prompt, { runner, sessionId: 's1', ...(state ? { state } : {}) }))
    events.push(event)
  const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's1' })
  return { events, state: session?.state ?? {} }
}

const authors = (events: readonly Event[]) =>
  events.filter((event) => event.author !== 'user').map((event) => event.author)

describe('Graph runs', () => {
  it('builds a core Workflow whose agent routes on its answer', async () => {
    const classify = Agent('classify', new ScriptedLlm(['"billing"'])).returns(z.enum(['billing', 'other']))
    const billing = Agent('billing', new ScriptedLlm(['Refund sent.'])).writes('answer')
    const general = Agent('general', new ScriptedLlm(['Hello.'])).writes('answer')
    const graph = Graph('triage').chain('START', classify, { billing, [DEFAULT_ROUTE]: general })
    const built = graph.build()
    expect(built).toBeInstanceOf(Workflow)
    expect(built.graph?.nodes.map((node) => node.name)).toEqual(['__START__', 'classify', 'billing', 'general'])
    const { events, state } = await run(graph, 'I was charged twice')
    expect(authors(events)).toEqual(['classify', 'billing'])
    expect(events.find((event) => event.author === 'classify' && event.output !== undefined)?.route).toBe('billing')
    expect(state).toMatchObject({ answer: 'Refund sent.' })
    // .ask() runs it too, and answers with the text of the node that answered last.
    const asked = Graph('triage').chain(
      'START',
      Agent('classify', new ScriptedLlm(['"other"'])).returns(z.enum(['billing', 'other'])),
      {
        billing,
        [DEFAULT_ROUTE]: Agent('general', new ScriptedLlm(['Hello.'])),
      },
    )
    expect(await asked.ask('Hi')).toBe('Hello.')
  })

  it('runs a cycle between two agents until the critic stops sending drafts back', async () => {
    const writer = Agent('writer', new ScriptedLlm(['draft 1', 'draft 2']))
      .instruct('Write. {feedback?}')
      .writes('draft')
    const critic = Agent('critic', new ScriptedLlm(['revise', 'approve']))
      .instruct('Review {draft}. Answer revise or approve.')
      .writes('feedback')
    function publish(ctx: NodeContext) {
      ctx.state.set('published', ctx.state.get('draft'))
      return 'published'
    }
    const graph = Graph('review')
      .chain('START', writer, critic)
      .routes(critic, { revise: writer, approve: publish })
      .maxSteps(10)
    expect(graph.check().filter((issue) => issue.level !== 'info')).toEqual([])
    const { events, state } = await run(graph)
    expect(authors(events).filter((author) => author !== 'review')).toEqual([
      'writer',
      'critic',
      'writer',
      'critic',
      'publish',
    ])
    expect(state).toMatchObject({ draft: 'draft 2', published: 'draft 2', feedback: 'approve' })
  })

  it('joins the branches of a fan-out taken on one route', async () => {
    function triage(ctx: NodeContext, input: string) {
      ctx.route = input.includes('!') ? 'urgent' : 'normal'
      return input
    }
    const page = Agent('page', new ScriptedLlm(['paged'])).writes('paged')
    const log = S.set({ logged: true })
    const summarise = Agent('summarise', new ScriptedLlm(['done'])).instruct('Summarise {paged}.')
    const graph = Graph('incident')
      .chain('START', triage, { urgent: [page, log] })
      .join('both', page, log)
      .edge('both', summarise)
    const { events, state } = await run(graph, 'fire!')
    expect(authors(events).filter((author) => author !== 'incident')).toContain('summarise')
    expect(state).toMatchObject({ paged: 'paged', logged: true })
  })

  it('runs the builder a function picks at run time with ctx.runNode (built once per built graph)', async () => {
    const calm = Agent('calm', new ScriptedLlm(['We are sorry.', 'Sorry again.'])).writes('reply')
    const cheerful = Agent('cheerful', new ScriptedLlm(['Happy to help!'])).writes('reply')
    async function pick(ctx: GraphNodeContext, input: string) {
      const child = input.includes('angry') ? calm : cheerful
      return (await ctx.runNode(child, input)).output
    }
    const graph = Graph('tone').chain('START', pick)
    const built = graph.build()
    const runner = new InMemoryRunner({ agent: built })
    const outputs: unknown[] = []
    for (const [index, message] of ['I am angry', 'I am angry again'].entries()) {
      for await (const event of graph.events(message, { runner, sessionId: `s${index}` }))
        if (event.author === 'pick' && event.output !== undefined) outputs.push(event.output)
    }
    expect(outputs).toEqual(['We are sorry.', 'Sorry again.'])
    const { state } = await run(graph, 'hi')
    expect(state).toMatchObject({ reply: 'Happy to help!' })
  })

  it('takes another graph as a node, and a pipeline, whose events pass as they are', async () => {
    const inner = Graph('inner').chain('START', Agent('a', new ScriptedLlm(['A'])).writes('a'))
    const steps = Pipeline('steps').step(
      Agent('b', new ScriptedLlm(['B']))
        .instruct('After {a}.')
        .writes('b'),
    )
    const outer = Graph('outer').chain('START', inner, steps)
    const { events, state } = await run(outer)
    expect(state).toMatchObject({ a: 'A', b: 'B' })
    expect(events.find((event) => event.author === 'a')?.nodeInfo?.path).toBe('outer.inner.a')
  })

  it('is a step like any other inside a pipeline', async () => {
    const first = Agent('first', new ScriptedLlm(['one'])).writes('a')
    const graph = Graph('inner').chain(
      'START',
      Agent('second', new ScriptedLlm(['two']))
        .instruct('Use {a}.')
        .writes('b'),
    )
    const { state } = await run(Pipeline('outer').step(first).step(graph))
    expect(state).toMatchObject({ a: 'one', b: 'two' })
  })

  it('runs at most maxConcurrency nodes at once (all three branches of a fan-out at once without it)', async () => {
    async function peakOf(graph: ReturnType<typeof Graph>): Promise<number> {
      let running = 0
      let peak = 0
      const branch = (name: string) =>
        ({
          [name]: async (_ctx: NodeContext, input: string) => {
            running++
            peak = Math.max(peak, running)
            await new Promise((resolve) => setTimeout(resolve, 5))
            running--
            return input
          },
        })[name] as (ctx: NodeContext, input: string) => Promise<string>
      const [one, two, three] = [branch('one'), branch('two'), branch('three')]
      await run(graph.chain('START', [one, two, three]).join('all', one, two, three))
      return peak
    }
    expect(await peakOf(Graph('wide'))).toBe(3)
    expect(await peakOf(Graph('narrow').maxConcurrency(1))).toBe(1)
    expect(await peakOf(Graph('pair').maxConcurrency(2))).toBe(2)
  })
})
