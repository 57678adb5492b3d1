import { describe, expect, it } from 'vitest'
import { InMemoryRunner, type BaseAgent } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
import { chooseRunModel } from './choose-run-model.js'
import { buildOnScript } from './offline-models.js'

/** The non-partial texts of one turn, as `author: text`. */
async function turn(agent: BaseAgent): Promise<string[]> {
  const runner = new InMemoryRunner({ agent })
  const session = await runner.sessionService.createSession({ appName: runner.appName, userId: 'u' })
  const texts: string[] = []
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'go' }] },
  })) {
    const text = event.content?.parts?.[0]?.text
    if (!event.partial && text !== undefined) texts.push(`${event.author}: ${text}`)
    if (event.errorCode !== undefined) texts.push(`${event.author}: ${event.errorCode} ${event.errorMessage ?? ''}`)
  }
  return texts
}

const registry = () => (globalThis as Record<symbol, unknown[]>)[Symbol.for('adk-fluent.llm-registry')] ?? []

describe('buildOnScript', () => {
  // Agents without a model of their own and one on a named model: both answer from the tree's copy of the script.
  const flow = Agent('writer').instruct('Write.').writes('draft').then(Agent('critic', 'gemini-2.5-flash'))
  const script = ['A draft.', 'Looks good.']

  it('gives every tree its own copy of the script, also when trees are built before any of them runs', async () => {
    const first = buildOnScript(flow, script)
    const second = buildOnScript(flow, script)
    const expected = ['writer: A draft.', 'critic: Looks good.']
    expect(await turn(first)).toEqual(expected)
    expect(await turn(second)).toEqual(expected)
    expect(await turn(buildOnScript(flow, script))).toEqual(expected)
  })

  it('keeps the model name each agent asked for in its request', async () => {
    const tree = buildOnScript(flow, { writer: ['A draft.'], critic: ['Fine.'] })
    expect(await turn(tree)).toEqual(['writer: A draft.', 'critic: Fine.'])
    expect(tree.findAgent('critic')).toMatchObject({ canonicalModel: { model: 'gemini-2.5-flash' } })
  })

  it('adds no registry entry per tree', () => {
    buildOnScript(flow, script)
    const entries = registry().length
    for (let index = 0; index < 20; index++) buildOnScript(flow, script)
    expect(registry().length).toBe(entries)
  })
})

describe('chooseRunModel on the agents own models', () => {
  it('gives every turn after the first a tree built again, so a .mock() script answers each turn', async () => {
    const builder = Agent('greeter').instruct('Greet.').mock(['Hello!'])
    const built = builder.build()
    const choice = chooseRunModel(builder, {}, {}, 'greeter.ts', built)
    expect(choice).toMatchObject({ kind: 'own', perTurn: true })
    const first = choice.tree()
    expect(first).toBe(built)
    expect(await turn(first)).toEqual(['greeter: Hello!'])
    // The web chat's second turn, a second eval case: the one tree's script had no reply left.
    const second = choice.tree()
    expect(second).not.toBe(first)
    expect(await turn(second)).toEqual(['greeter: Hello!'])
    expect(await turn(choice.tree())).toEqual(['greeter: Hello!'])
  })
})
