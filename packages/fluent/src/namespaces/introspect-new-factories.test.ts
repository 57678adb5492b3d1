import { describe, expect, it } from 'vitest'
import { Agent } from '../builders/workflow-factories.js'
import * as A from './artifacts/index.js'
import * as C from './context/index.js'

describe('introspection of the new C and A factories', () => {
  it('the checker counts C.capture and .artifacts() snapshot writes, and explain/toMermaid describe them', () => {
    const flow = Agent('router')
      .mock(['ok'])
      .context(C.capture('request'))
      .artifacts(A.snapshot('brief.md', { intoKey: 'brief' }))
      .then(Agent('handler').mock(['done']).instruct('Handle {request} using {brief}.'))
    const issues = flow.check().filter((issue) => /request|brief/.test(issue.message))
    expect(issues).toEqual([])
    const missing = Agent('handler').mock(['done']).instruct('Handle {request}.')
    expect(missing.check().some((issue) => issue.message.includes('request'))).toBe(true)
    expect(flow.explain()).toContain("C.capture('request')")
    expect(flow.toMermaid()).toContain('request')
    expect(flow.dataFlow()).toContain("then A.snapshot('brief.md', { intoKey: 'brief' })")
  })

  it('llmAnatomy names the model-powered context and the artifacts step', () => {
    const agent = Agent('writer')
      .mock(['x'])
      .writes('report')
      .context(C.window(5).pipe(C.summarize()))
      .artifacts(A.publish('r.md', { fromKey: 'report' }))
    const anatomy = agent.llmAnatomy()
    expect(anatomy).toContain("C.window(5).pipe(C.summarize()) — last 5 turns, summarized by the agent's model")
    expect(anatomy).toContain("then .artifacts(): A.publish('r.md', { fromKey: 'report' })")
  })
})
