import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createHarness } from '../testing/harness.test-helper.js'
import { createEvent } from '../events/event.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { ConfigError } from '../errors/config-error.js'
import { State } from '../sessions/state.js'
import { StateSchemaError, isStateSchemaError } from '../sessions/state-schema-error.js'
import { FunctionNode } from './function-node.js'
import { node } from './build-node.js'
import { Workflow } from './workflow.js'
import type { NodeContext } from './node-context.js'

const schema = z.object({ count: z.number(), label: z.string() })

/** Runs `wf` on one session and returns what was stored; a failed run's error is returned, not thrown. */
async function runStored(wf: Workflow, turns: string[]) {
  const harness = await createHarness(wf)
  const errors: unknown[] = []
  for (const turn of turns) await harness.run(turn).catch((error: unknown) => errors.push(error))
  const session = await harness.session()
  return { session, errors }
}

describe('stateSchema — the error', () => {
  it('is an AdkFluentError with a stable code naming the node, the key and what was expected', async () => {
    const write = new FunctionNode('write', (ctx: NodeContext) => {
      ctx.state.set('count', 'three')
      return 'done'
    })
    const wf = new Workflow({ name: 'wf', stateSchema: schema, edges: [['START', write]] })
    const { errors } = await runStored(wf, ['go'])
    const error = errors[0] as StateSchemaError
    expect(error).toBeInstanceOf(AdkFluentError)
    expect(isStateSchemaError(error)).toBe(true)
    expect(error.code).toBe('STATE_SCHEMA_INVALID')
    expect(error.nodePath).toBe('wf.write')
    expect(error.key).toBe('count')
    expect(error.violation).toBe('type')
    expect(error.message).toContain("Node 'wf.write'")
    expect(error.message).toMatch(/'count'.*expected number/)
  })

  it('an undeclared key lists the declared ones and says how to fix it', () => {
    const state = new State({}, {}, undefined, { schema, schemaOwner: 'wf.n' })
    let error: StateSchemaError | undefined
    try {
      state.set('colour', 'red')
    } catch (thrown) {
      error = thrown as StateSchemaError
    }
    expect(error?.violation).toBe('undeclared')
    expect(error?.expected).toBe('["count","label"]')
    expect(error?.message).toContain("Declare 'colour' in the stateSchema, or use a prefixed key")
  })

  it("isStateSchemaError recognises ADK's own by its name", () => {
    expect(isStateSchemaError(Object.assign(new TypeError('x'), { name: 'StateSchemaError' }))).toBe(true)
    expect(isStateSchemaError(new TypeError('x'))).toBe(false)
  })
})

describe('stateSchema — state changes only through accepted events', () => {
  it('a refused write reaches no stored event and leaves session state as it was; the next turn runs', async () => {
    let turn = 0
    const write = new FunctionNode('write', function* (ctx: NodeContext) {
      turn++
      ctx.state.set('count', turn)
      yield createEvent({
        output: 'ok',
        actions: { stateDelta: turn === 1 ? { label: 'a', nope: 1 } : { label: 'b' } },
      })
    })
    const wf = new Workflow({ name: 'wf', stateSchema: schema, edges: [['START', write]] })
    const { session, errors } = await runStored(wf, ['first', 'second'])
    expect(errors.map((error) => isStateSchemaError(error))).toEqual([true])
    for (const event of session.events) {
      expect(event.actions.stateDelta).not.toHaveProperty('nope')
      expect(event.actions.stateDelta['label']).not.toBe('a')
    }
    // The second turn's writes landed; nothing of the refused first one did.
    expect(session.state).toEqual({ count: 2, label: 'b' })
  })
})

describe('stateSchema — where it is declared', () => {
  it('node(fn, { stateSchema }) and a ctx.runNode child answer to it', async () => {
    const child = new FunctionNode('child', (ctx: NodeContext) => {
      ctx.state.set('other', 1)
      return 'x'
    })
    const parent = node(async (ctx: NodeContext) => ctx.runNode(child).then(() => 'done'), {
      name: 'parent',
      stateSchema: schema,
    })
    expect(parent.stateSchema).toBe(schema)
    const { errors } = await runStored(new Workflow({ name: 'wf', edges: [['START', parent]] }), ['go'])
    expect(isStateSchemaError((errors[0] as { cause?: unknown })?.cause ?? errors[0])).toBe(true)
  })

  it('a schema that declares no keys is refused when the node is made (ADK ignores it silently)', () => {
    expect(() => new FunctionNode('n', () => 1, { stateSchema: z.string() })).toThrow(ConfigError)
    expect(() => new Workflow({ name: 'wf', stateSchema: z.number(), edges: [] })).toThrow(
      /stateSchema must be an object schema/,
    )
    expect(() => node(new FunctionNode('n', () => 1), { stateSchema: z.string() })).toThrow(/n.*stateSchema/)
  })

  it('without a schema any key goes', () => {
    const state = new State({}, {})
    state.set('anything', { deep: true })
    expect(state.schema).toBeUndefined()
    expect(state.get('anything')).toEqual({ deep: true })
  })
})
