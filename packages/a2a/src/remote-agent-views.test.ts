import { describe, expect, it } from 'vitest'
import { previewRun } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, FanOut, Pipeline, T } from '@adk-fluent/fluent'
import { RemoteAgent } from './remote-agent.js'
import { RemoteA2aAgent } from './remote-a2a-agent.js'
import { sdkRemotes } from './sdk-remote.test-helper.js'

const remote = sdkRemotes()

describe('RemoteAgent in previews, checks and compositions', () => {
  it('previews show its name, URL, sends and receives, and never contact it', async () => {
    const server = await remote(() => ({ text: 'real answer', data: { price: 1 } }))
    const pricer = RemoteAgent('pricer', server.url).describe('Prices items.').sends('sku').receives('price')
    const flow = Pipeline('shop')
      .step(Agent('picker').instruct('Pick an item.').writes('sku'))
      .step(pricer)
      .step(Agent('writer').instruct('Tell the price: {price}.'))
    expect(flow.llmAnatomy()).toContain(
      [
        `Remote Agent: pricer (remote A2A agent at ${server.url})`,
        '  model call:  none in this process: the remote agent answers over A2A',
        "  sends:       the current user turn + state 'sku' (one data part)",
        `  receives:    its answer, as an event of "pricer" in the conversation; answer data fields price → state['price']`,
      ].join('\n'),
    )
    expect(flow.dataFlow()).toContain(`Data Flow: pricer (remote A2A agent at ${server.url})`)
    expect(flow.toMermaid()).toContain(`[["pricer (RemoteAgent: A2A ${server.url})"]]`)
    expect(flow.toAscii()).toContain(`pricer (RemoteAgent: A2A ${server.url})  reads: sku  writes: price`)
    expect(flow.explain({ format: 'json' }).children[1]).toMatchObject({
      kind: 'RemoteAgent',
      description: 'Prices items.',
      state: { reads: ['sku'], writes: ['price'] },
    })
    const resolved = await flow.llmAnatomy({ userMessage: 'how much?' })
    expect(resolved).toContain(`⟨pricer's reply (remote A2A agent at ${server.url})⟩`)
    expect(resolved).toContain("Tell the price: ⟨pricer's price⟩.")
    expect(server.cardReads).toBe(0)
    expect(server.received).toHaveLength(0)
  })

  it('.receives keys count as writes and .sends keys as reads for the checker', () => {
    const reader = Agent('writer').instruct('Price: {price}.')
    const withReceives = Pipeline('ok')
      .step(RemoteAgent('pricer', 'http://127.0.0.1:9/').receives('price'))
      .step(reader)
    const aboutPrice = (issues: { message: string }[]) => issues.filter((issue) => issue.message.includes('"price"'))
    expect(aboutPrice(withReceives.check())).toEqual([])
    expect(() => withReceives.build()).not.toThrow()
    const without = Pipeline('missing').step(RemoteAgent('pricer', 'http://127.0.0.1:9/')).step(reader)
    expect(aboutPrice(without.check())).not.toEqual([])
    const sends = Pipeline('sends').step(RemoteAgent('pricer', 'http://127.0.0.1:9/').sends('sku'))
    const issues = sends.check()
    expect(issues.some((issue) => issue.message.includes('sku') && issue.path.includes('sends'))).toBe(true)
  })

  it('builds to a RemoteA2aAgent with its settings; the builder is immutable', () => {
    const base = RemoteAgent('pricer', 'http://127.0.0.1:9/')
    const configured = base.sends('sku').receives('price').timeout(500).streaming(false).describe('Prices.')
    expect(base.node.sends).toEqual([])
    expect(Object.isFrozen(configured.node)).toBe(true)
    const built = configured.build()
    expect(built).toBeInstanceOf(RemoteA2aAgent)
    expect(built).toMatchObject({
      name: 'pricer',
      description: 'Prices.',
      url: 'http://127.0.0.1:9/',
      sends: ['sku'],
      receives: ['price'],
      timeoutMs: 500,
      streaming: false,
    })
    expect(() => base.timeout(0)).toThrow(/timeout/)
    expect(() => base.sends('bad key!')).toThrow()
  })

  it('works as a fan-out branch, a sub-agent for transfer and a T.agent() tool', async () => {
    const server = await remote((text) => ({ text: `remote says: ${text}` }))
    const fan = FanOut('both')
      .branch(RemoteAgent('far', server.url))
      .branch(Agent('near', new ScriptedLlm(['near says hi'])))
    const events = []
    for await (const event of fan.events('hello')) events.push(event)
    expect(events.map((event) => event.author).sort()).toEqual(['far', 'near'])

    const router = Agent('router', new ScriptedLlm([call('transfer_to_agent', { agent_name: 'far' })])).subAgents(
      RemoteAgent('far', server.url).describe('Answers far questions.'),
    )
    expect(await router.ask('transfer me')).toBe('remote says: transfer me')

    const caller = Agent('caller', new ScriptedLlm([call('far', { request: 'tool input' }), 'the tool said it'])).tools(
      T.agent(RemoteAgent('far', server.url).describe('A remote tool.')),
    )
    expect(await caller.ask('use the tool')).toBe('the tool said it')
    expect(server.received.map((item) => item.text)).toEqual([
      'hello',
      'transfer me',
      expect.stringContaining('tool input'),
    ])
  })

  it('core previewRun answers with a stand-in inside agent tools too', async () => {
    const server = await remote(() => ({ text: 'real' }))
    const caller = Agent('caller')
      .tools(T.agent(RemoteAgent('far', server.url).describe('Remote.')))
      .build()
    const run = await previewRun(caller, { replies: { caller: [call('far', { request: 'x' }), 'done'] } })
    expect(JSON.stringify(run.calls[1]?.request.contents)).toContain("⟨far's reply")
    expect(server.received).toHaveLength(0)
  })
})
