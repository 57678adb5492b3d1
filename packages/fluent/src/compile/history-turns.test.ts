import { describe, expect, it } from 'vitest'
import { InMemoryRunner, type LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'
import { C } from '../namespaces/index.js'

const turnsOf = (agent: LlmAgent) => agent.historyTurns()

// A run loads from the session store only the earlier turns its agents can read (core's `historyTurns`).
describe('lowering bounds the history a run loads to what the context reads', () => {
  it('reads() and state-only contexts need no earlier turn; a window needs its turns', () => {
    expect(turnsOf(Agent('a').instruct('Use {x}.').reads('x').build())).toBe(0)
    expect(
      turnsOf(
        Agent('a')
          .context(C.none().add(C.fromState('x')))
          .build(),
      ),
    ).toBe(0)
    expect(turnsOf(Agent('a').context(C.window(3)).build())).toBe(3)
    expect(
      turnsOf(
        Agent('a')
          .context(C.window(3).pipe(C.dedup()).add(C.fromState('x')))
          .build(),
      ),
    ).toBe(3)
  })

  it('loads everything when a part may read the whole session, or the instruction is a function', () => {
    expect(turnsOf(Agent('a').context(C.userOnly()).build())).toBeUndefined()
    expect(turnsOf(Agent('a').context(C.window(3).add(C.userOnly())).build())).toBeUndefined()
    expect(
      turnsOf(
        Agent('a')
          .instruct(() => 'custom')
          .reads('x')
          .build(),
      ),
    ).toBeUndefined()
    expect(turnsOf(Agent('a').build())).toBeUndefined()
  })

  it('a windowed agent still sees its earlier turns in a multi-turn conversation', async () => {
    const llm = new ScriptedLlm(['first answer', 'second answer'])
    const built = Agent('chat').model(llm).context(C.window(2)).build()
    expect(built.historyTurns()).toBe(2)
    const runner = new InMemoryRunner({ agent: built, appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    for (const text of ['one', 'two']) {
      for await (const _ of runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      }))
        void _
    }
    const second = String(llm.requests[1]?.config.systemInstruction)
    expect(second).toContain('[user]: one')
    expect(second).toContain('[chat]: first answer')
    expect(second).toContain('[user]: two')
  })
})
