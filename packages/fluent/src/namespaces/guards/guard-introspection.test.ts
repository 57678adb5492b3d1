import { describe, expect, it } from 'vitest'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G, M, Pipeline } from '../../index.js'

const judged = Agent('writer')
  .model('gemini-2.5-flash')
  .instruct('Write.')
  .guard(G.pii({ action: 'block', kinds: ['card'] }).add(G.judge({ model: 'gemini-2.5-pro', criteria: 'polite' })))

describe('guards and middleware in previews', () => {
  it('llmAnatomy lists the guards, the judge call and the inherited middleware', () => {
    const text = Pipeline('flow')
      .then(judged)
      .use(M.retry({ maxAttempts: 2 }))
      .llmAnatomy()
    expect(text).toContain("7. Guards:     G.pii({ action: 'block', kinds: [card] }) on input+output")
    expect(text).toContain('G.judge({ model: \'gemini-2.5-pro\', criteria: "polite" }) on output')
    expect(text).toContain('judge: a separate model call (gemini-2.5-pro)')
    expect(text).toContain('8. Middleware: m_retry')
  })

  it('explain (text and JSON) and dataFlow list them; an agent without any shows no such lines', () => {
    const flow = Pipeline('flow').then(judged).then(Agent('plain').model('gemini-2.5-flash')).use(M.log())
    const report = flow.explain({ format: 'json' })
    expect(report.middleware).toEqual(['m_log'])
    expect(report.children[0]?.guards).toHaveLength(2)
    expect(report.children[0]?.middleware).toEqual(['m_log'])
    expect(report.children[1]?.guards).toEqual([])
    const text = flow.explain()
    expect(text).toContain('Guards (2): G.pii(')
    expect(text).toContain('Middleware (1): m_log')
    const data = flow.dataFlow()
    expect(data).toContain('guards:')
    expect(Agent('plain').model('gemini-2.5-flash').dataFlow()).not.toContain('guards:')
  })

  it('check() flags a judge without a model (a warning: build still works)', () => {
    const agent = Agent('a')
      .model(new ScriptedLlm(['x']))
      .guard(G.judge({ criteria: 'polite' }))
    const issues = agent.check()
    expect(issues).toEqual([expect.objectContaining({ level: 'warning', agent: 'a', path: ['a', 'guards', 0] })])
    expect(issues[0]?.message).toContain('without a model')
    expect(() => agent.build()).not.toThrow()
    expect(
      Agent('b')
        .guard(G.judge({ model: 'gemini-2.5-pro', criteria: 'polite' }))
        .check(),
    ).toEqual([])
  })

  it('builders stay immutable', () => {
    const base = Agent('a')
    const guarded = base.guard(G.length({ max: 5 }))
    expect(base.node.guards).toEqual([])
    expect(guarded.node.guards).toHaveLength(1)
    expect(Object.isFrozen(guarded.node.guards)).toBe(true)
    const used = base.use(M.latency())
    expect(base.node.middleware).toBeUndefined()
    expect(used.node.middleware).toHaveLength(1)
  })
})

describe('G.judge in a resolved preview', () => {
  it('shows the judge request as a call of the agent, answered by a stand-in verdict', async () => {
    const agent = Agent('writer')
      .model('gemini-2.5-flash')
      .instruct('Write.')
      .guard(G.judge({ model: 'gemini-2.5-pro', criteria: 'polite' }))
    const { previewRun } = await import('@adk-fluent/core')
    const { calls } = await previewRun(agent.build())
    expect(calls.map((call) => call.agent)).toEqual(['writer', 'writer'])
    expect(String(calls[1]?.request.config.systemInstruction)).toContain('polite')
    expect(calls[1]?.reply.content?.parts?.[0]?.text).toBe('{"verdict":"allow","reason":"⟨writer\'s reply⟩"}')
  })
})
