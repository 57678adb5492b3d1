import { describe, expect, it } from 'vitest'
import { ConfigError, InMemoryRunner, isStateSchemaError, type NodeContext } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { z } from 'zod'
import { Graph } from './graph-factory.js'
import { Agent } from './workflow-factories.js'

const schema = z.object({ score: z.number(), answer: z.string() })

describe('Graph(...).stateSchema()', () => {
  it("lowers to the Workflow's stateSchema: declared writes are stored, an undeclared one fails its node", async () => {
    const score = function score(ctx: NodeContext, input: unknown) {
      ctx.state.set('score', String(input).length)
      return input
    }
    const graph = Graph('g')
      .stateSchema(schema)
      .chain('START', score, Agent('answer', new ScriptedLlm(['Fine.'])).writes('answer'))
    expect(graph.build().stateSchema).toBe(schema)
    const runner = new InMemoryRunner({ agent: graph.build() })
    for await (const _ of graph.events('four', { runner, sessionId: 's1' })) void _
    const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's1' })
    expect(session?.state).toEqual({ score: 4, answer: 'Fine.' })

    const wrong = Graph('g')
      .stateSchema(schema)
      .chain('START', Agent('answer', new ScriptedLlm(['Hi.'])).writes('reply'))
    const failed = await wrong.ask('x').catch((error: unknown) => error)
    expect(isStateSchemaError(failed)).toBe(true)
    expect((failed as Error).message).toContain("key 'reply' is not declared")
  })

  it('a schema that declares no keys is reported by build()', () => {
    const graph = Graph('g')
      .stateSchema(z.string())
      .chain('START', Agent('a', new ScriptedLlm(['x'])))
    expect(() => graph.build()).toThrow(ConfigError)
    expect(() => graph.build()).toThrow(/stateSchema must be an object schema/)
  })
})
