import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { InvocationContext } from '../agents/invocation-context.js'
import { ReadonlyContext } from '../agents/readonly-context.js'
import type { Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { injectSessionState } from './inject-session-state.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

const keyArb = fc.constantFrom(
  'topic',
  'tone',
  'app:flag',
  'user:name',
  'toString',
  'constructor',
  'hasOwnProperty',
  'valueOf',
)
/** `constructor` is a reserved state key: templates may name it, state never holds it. */
const stateKeyArb = keyArb.filter((key) => key !== 'constructor')
/** Values that look like templates themselves: a substituted value is never expanded again. */
const valueArb = fc.oneof(fc.string(), fc.constantFrom('{topic}', '{{x}}', '{tone?}', '}{'), fc.integer(), fc.boolean())
type Piece = { kind: 'text'; text: string } | { kind: 'var'; key: string; optional: boolean }
const textArb = fc.string().map((text) => text.replace(/[{}]/g, ''))
const pieceArb: fc.Arbitrary<Piece> = fc.oneof(
  textArb.map((text): Piece => ({ kind: 'text', text })),
  fc.constantFrom<Piece>({ kind: 'text', text: '{{' }, { kind: 'text', text: '}}' }),
  fc.record({ kind: fc.constant('var' as const), key: keyArb, optional: fc.boolean() }),
)

async function contextWith(state: Record<string, unknown>): Promise<ReadonlyContext> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'u', state })
  return new ReadonlyContext(
    new InvocationContext({ invocationId: 'i', agent: new QuietAgent({ name: 'writer' }), session, sessionService }),
  )
}

describe('templates (property)', () => {
  it('substitute own state keys verbatim, never expand a value again, and treat inherited names as missing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieceArb, { maxLength: 8 }),
        fc.dictionary(stateKeyArb, valueArb),
        async (pieces, state) => {
          const template = pieces
            .map((piece) => (piece.kind === 'text' ? piece.text : `{${piece.key}${piece.optional ? '?' : ''}}`))
            .join('')
          const context = await contextWith(state)
          const own = (key: string) => Object.prototype.hasOwnProperty.call(state, key)
          const missing = pieces.find((piece) => piece.kind === 'var' && !piece.optional && !own(piece.key))
          if (missing) {
            await expect(injectSessionState(template, context)).rejects.toThrow(/Context variable not found/)
            return
          }
          const expected = pieces
            .map((piece) => {
              if (piece.kind === 'text') return piece.text === '{{' ? '{' : piece.text === '}}' ? '}' : piece.text
              if (!own(piece.key)) return ''
              const value = state[piece.key]
              return typeof value === 'string' ? value : String(value)
            })
            .join('')
          expect(await injectSessionState(template, context)).toBe(expected)
        },
      ),
      { numRuns: 300 },
    )
  })
})
