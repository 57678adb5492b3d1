// Ported from google/adk-js core/test/workflow/state_schema_test.ts: `stateSchema` on a workflow or a node, checked
// on every state write (through `ctx.state` or on an emitted event), in zod v4, zod v3 and genai `Schema` dialects.
// Cases the port adds check that a refused write reaches no stored event and leaves the session's state as it was.
import { describe, expect, it } from 'vitest'
import { z as z3 } from 'zod/v3'
import { z as z4 } from 'zod/v4'
import { driveExpectingFailure, driveNode, type Any, type PortImpl } from './port-harness.test-helper.js'

/** One state shape in each dialect a schema may be written in. */
const dialects = {
  'zod v4': z4.object({ counter: z4.number(), label: z4.string(), note: z4.string().nullable() }),
  'zod v3': z3.object({ counter: z3.number(), label: z3.string(), note: z3.string().nullable() }),
  'genai Schema': {
    type: 'OBJECT',
    properties: { counter: { type: 'NUMBER' }, label: { type: 'STRING' }, note: { type: 'STRING', nullable: true } },
  },
} as const
const schema = dialects['zod v4']
const UNDECLARED = /not declared in the state schema/
const MISMATCH = /does not match the type declared in the state schema/

export function defineStateSchemaCases(impl: PortImpl): void {
  const { Workflow, FunctionNode, State, isStateSchemaError, createEvent } = impl.adk
  /** A `State` view holding `schema` (Google takes it as the third argument; ours as an option). */
  const stateWith = (s: unknown): Any =>
    impl.name === 'google' ? new State({}, {}, s) : new State({}, {}, undefined, { schema: s })
  const drive = (node: Any) => driveNode(impl, node, 'x')
  const writer = (name: string, write: (ctx: Any) => void, config?: Record<string, unknown>) =>
    new FunctionNode(
      name,
      (ctx: Any) => {
        write(ctx)
        return 'done'
      },
      config,
    )

  describe.each(Object.entries(dialects))('state_schema_test — State with a %s schema', (_name, dialect) => {
    it('refuses an undeclared key, naming the declared ones', () => {
      const state = stateWith(dialect)
      let thrown: unknown
      try {
        state.set('nope', 1)
      } catch (error) {
        thrown = error
      }
      expect(isStateSchemaError(thrown)).toBe(true)
      expect((thrown as Error).message).toMatch(UNDECLARED)
      expect((thrown as Error).message).toContain('counter')
      expect(state.get('nope')).toBeUndefined()
    })

    it('accepts a declared key, null for a nullable one, and refuses a wrong type', () => {
      const state = stateWith(dialect)
      state.set('counter', 7)
      state.set('note', null)
      expect(state.get('counter')).toBe(7)
      // (adk-fluent's `get` reads a stored null as absent; the write itself is accepted on both)
      expect(state.toRecord()['note']).toBeNull()
      expect(() => state.set('counter', 'seven')).toThrow(MISMATCH)
      expect(state.get('counter')).toBe(7)
    })

    it('never checks prefixed keys', () => {
      const state = stateWith(dialect)
      for (const key of ['app:x', 'user:y', 'temp:z', 'other:w']) {
        state.set(key, { anything: true })
        expect(state.get(key)).toEqual({ anything: true })
      }
    })

    it('checks every key of an update() before writing any', () => {
      const state = stateWith(dialect)
      expect(() => state.update({ counter: 1, nope: 2 })).toThrow(UNDECLARED)
      expect(state.get('nope')).toBeUndefined()
      state.update({ counter: 1, label: 'ok' })
      expect(state.get('label')).toBe('ok')
    })
  })

  describe('state_schema_test — a workflow-level schema', () => {
    it('defaults to undefined, and without one anything goes', async () => {
      const wf = new Workflow({ name: 'free', edges: [['START', writer('w', (ctx) => ctx.state.set('any', 1))]] })
      expect(wf.stateSchema).toBeUndefined()
      expect((await drive(wf)).output).toBe('done')
    })

    it('accepts matching writes and prefixed keys', async () => {
      const write = writer('w', (ctx) => {
        ctx.state.set('counter', 1)
        ctx.state.set('label', 'hello')
        ctx.state.set('app:anything', { free: 'form' })
        ctx.state.set('temp:scratch', 42)
      })
      const wf = new Workflow({ name: 'valid', stateSchema: schema, edges: [['START', write]] })
      expect(wf.stateSchema).toBe(schema)
      expect((await drive(wf)).output).toBe('done')
    })

    it.each(Object.entries(dialects))(
      'fails the run on an undeclared key written through ctx.state (%s)',
      async (_n, s) => {
        const wf = new Workflow({
          name: 'bad',
          stateSchema: s,
          edges: [['START', writer('w', (ctx) => ctx.state.set('undeclared', 1))]],
        })
        await expect(drive(wf)).rejects.toThrow(UNDECLARED)
      },
    )

    it('fails the run on a wrong type (genai Schema)', async () => {
      const write = writer('w', (ctx) => ctx.state.set('counter', 'not a number'))
      const wf = new Workflow({ name: 'bad', stateSchema: dialects['genai Schema'], edges: [['START', write]] })
      await expect(drive(wf)).rejects.toThrow(MISMATCH)
    })

    it('checks a stateDelta carried on an emitted event', async () => {
      const emit = (delta: Record<string, unknown>) =>
        new FunctionNode('emit', function* () {
          yield createEvent({ output: 'done', actions: { stateDelta: delta } })
        })
      const bad = new Workflow({ name: 'bad', stateSchema: schema, edges: [['START', emit({ nope: 1 })]] })
      await expect(drive(bad)).rejects.toThrow(UNDECLARED)
      const good = new Workflow({ name: 'good', stateSchema: schema, edges: [['START', emit({ counter: 3 })]] })
      expect((await drive(good)).output).toBe('done')
    })
  })

  describe('state_schema_test — node-level schema and inheritance', () => {
    const nodeSchema = z4.object({ nodeKey: z4.string() })

    it("checks writes against the node's own schema, which overrides the workflow's", async () => {
      const own = (key: string) => writer('w', (ctx) => ctx.state.set(key, 'ok'), { stateSchema: nodeSchema })
      await expect(drive(new Workflow({ name: 'a', edges: [['START', own('counter')]] }))).rejects.toThrow(UNDECLARED)
      expect((await drive(new Workflow({ name: 'b', edges: [['START', own('nodeKey')]] }))).output).toBe('done')
      const over = new Workflow({ name: 'c', stateSchema: schema, edges: [['START', own('nodeKey')]] })
      expect((await drive(over)).output).toBe('done')
    })

    it("a node without one answers to its workflow's, also through a nested workflow", async () => {
      const inner = new Workflow({
        name: 'inner',
        edges: [['START', writer('leaf', (ctx) => ctx.state.set('nodeKey', 'x'))]],
      })
      const outer = new Workflow({ name: 'outer', stateSchema: schema, edges: [['START', inner]] })
      await expect(drive(outer)).rejects.toThrow(UNDECLARED)
    })

    it("checks an agent node's outputKey", async () => {
      const bad = new Workflow({
        name: 'bad',
        stateSchema: schema,
        edges: [['START', impl.replyAgent('writer', 'hi', { outputKey: 'undeclaredKey' })]],
      })
      await expect(drive(bad)).rejects.toThrow(UNDECLARED)
      const good = new Workflow({
        name: 'good',
        stateSchema: schema,
        edges: [['START', impl.replyAgent('writer', 'hi', { outputKey: 'label' })]],
      })
      expect((await drive(good)).output).toBe('hi')
    })
  })

  describe('state_schema_test — a refused write changes nothing (port)', () => {
    it('no event carries the refused delta; earlier accepted writes stay on theirs', async () => {
      const first = writer('first', (ctx) => ctx.state.set('counter', 1))
      const second = new FunctionNode('second', function* () {
        yield createEvent({ output: 'done', actions: { stateDelta: { counter: 2, nope: true } } })
      })
      const wf = new Workflow({ name: 'wf', stateSchema: schema, edges: [['START', first, second]] })
      const { events, thrown } = await driveExpectingFailure(impl, wf, 'x')
      expect(isStateSchemaError(thrown)).toBe(true)
      expect((thrown as Error).message).toContain("'nope'")
      const deltas = events.map((event: Any) => event.actions?.stateDelta ?? {})
      expect(deltas.some((delta: Any) => delta.counter === 1)).toBe(true)
      for (const delta of deltas) {
        expect(delta).not.toHaveProperty('nope')
        expect(delta.counter).not.toBe(2)
      }
    })
  })
}
