import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { Event } from '../events/event.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { Type } from '../models/genai-types.js'
import { isTempKey } from './state-prefix.js'

const keys = [
  'a',
  'b',
  'app:shared',
  'user:pref',
  'temp:scratch',
  'toString',
  'constructor',
  '__proto__',
  'user:__proto__',
]
const anyParameters = {
  type: Type.OBJECT,
  properties: { key: { type: Type.STRING }, value: { type: Type.STRING } },
}

/** Writes `value` under `key`. */
const writeTool = new FunctionTool({
  name: 'write',
  description: 'writes a key',
  parameters: anyParameters,
  execute: (args, context) => {
    context.state.set(String(args['key']), args['value'])
    return { ok: true }
  },
})

/** A transform: reads `key` and writes its count + 1 (a read-modify-write through the pending state). */
const bumpTool = new FunctionTool({
  name: 'bump',
  description: 'increments a key',
  parameters: anyParameters,
  execute: (args, context) => {
    const key = String(args['key'])
    const current = context.state.get(key)
    context.state.set(key, typeof current === 'number' ? current + 1 : 1)
    return { ok: true }
  },
})

/** One model step of one agent: a write, a transform (bump), or a before-agent callback write. */
type Op =
  | { kind: 'write'; key: string; value: unknown }
  | { kind: 'bump'; key: string }
  | { kind: 'callback'; key: string; value: unknown }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    key: fc.constantFrom(...keys),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({ kind: fc.constant('bump' as const), key: fc.constantFrom(...keys) }),
  fc.record({
    kind: fc.constant('callback' as const),
    key: fc.constantFrom(...keys),
    value: fc.jsonValue({ maxDepth: 1 }),
  }),
)

/** A turn: agents (each a list of ops) run in sequence or as parallel branches, optionally aborted after n events. */
const turnArb = fc.record({
  agents: fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  parallel: fc.boolean(),
  abortAfter: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
})

function agentFor(name: string, ops: readonly Op[]): LlmAgent {
  const script = ops
    .filter((op) => op.kind !== 'callback')
    .map((op) => call(op.kind, { key: op.key, ...(op.kind === 'write' ? { value: op.value } : {}) }))
  const callbacks = ops.filter((op): op is Extract<Op, { kind: 'callback' }> => op.kind === 'callback')
  return new LlmAgent({
    name,
    model: new ScriptedLlm([...script, 'done']),
    tools: [writeTool, bumpTool],
    beforeAgentCallback: (context) => {
      for (const op of callbacks) {
        try {
          context.state.set(op.key, op.value)
        } catch {
          // a reserved key: refused with a StateError, nothing written
        }
      }
      return undefined
    },
  })
}

/** Session state as the fold of the stored events' deltas over the initial state (`temp:` keys never stored). */
function fold(initial: Readonly<Record<string, unknown>>, events: readonly Event[]): Record<string, unknown> {
  const state: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(initial)) if (!isTempKey(key)) state[key] = initial[key]
  for (const event of events) {
    for (const key of Object.keys(event.actions.stateDelta)) {
      if (!isTempKey(key)) state[key] = event.actions.stateDelta[key]
    }
  }
  return state
}

describe('session state is exactly the fold of the stored events (property)', () => {
  it('holds over random writes, transforms, callback writes, parallel branches and aborts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turnArb, { minLength: 1, maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b'), fc.integer()),
        async (turns, initial) => {
          const holder: { agent: BaseAgent } = { agent: new SequentialAgent({ name: 'idle' }) }
          const runner = new InMemoryRunner({ agent: holder.agent, appName: 'app' })
          const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u', state: initial })
          for (const [index, turn] of turns.entries()) {
            const agents = turn.agents.map((ops, position) => agentFor(`agent_${position}`, ops))
            const root = turn.parallel
              ? new ParallelAgent({ name: `par_${index}`, subAgents: agents })
              : new SequentialAgent({ name: `seq_${index}`, subAgents: agents })
            const turnRunner = new InMemoryRunner({ agent: root, appName: 'app' })
            Object.assign(turnRunner, { sessionService: runner.sessionService })
            const controller = new AbortController()
            let seen = 0
            try {
              for await (const _event of turnRunner.runAsync({
                userId: 'u',
                sessionId: session.id,
                newMessage: { role: 'user', parts: [{ text: `turn ${index}` }] },
                abortSignal: controller.signal,
              })) {
                seen++
                if (turn.abortAfter !== undefined && seen > turn.abortAfter) controller.abort()
              }
            } catch (error) {
              if (!controller.signal.aborted) throw error
            }
            const stored = await runner.sessionService.getSession({
              appName: 'app',
              userId: 'u',
              sessionId: session.id,
            })
            if (!stored) throw new Error('session lost')
            expect({ ...stored.state }).toEqual({ ...fold(initial, stored.events) })
            // What a client sees after a JSON round trip of the events folds to the same state.
            const serialised = JSON.parse(JSON.stringify(stored.events)) as Event[]
            expect({ ...fold(initial, serialised) }).toEqual({ ...stored.state })
            // Inherits nothing (no Object.prototype members in its chain).
            expect(
              ['constructor', 'toString', '__proto__', 'hasOwnProperty'].filter(
                (key) => key in stored.state && !Object.hasOwn(stored.state, key),
              ),
            ).toEqual([])
          }
        },
      ),
      { numRuns: 60 },
    )
  }, 120_000)
})
