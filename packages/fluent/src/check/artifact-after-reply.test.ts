import { describe, expect, it } from 'vitest'
import { Agent } from '../builders/workflow-factories.js'
import * as A from '../namespaces/artifacts/index.js'

// .artifacts() operations run after the reply is stored, so they read the agent's own .writes() key.
describe('artifact operations read the agent’s own write', () => {
  const generator = Agent('generator', 'gemini-2.5-flash')
    .instruct('Write a report about {topic}.')
    .writes('report_text')
    .artifacts(A.publish('report.md', { fromKey: 'report_text' }))
    .initialState('topic')

  it('builds without a ConfigError', () => {
    expect(() => generator.build()).not.toThrow()
    expect(generator.check().filter((issue) => issue.level === 'error')).toEqual([])
  })

  it('draws no "not written" edge', () => {
    expect(generator.toMermaid()).not.toContain('not written')
    expect(generator.toAscii()).not.toContain('not written')
  })

  it('still reports a key nobody writes', () => {
    const broken = Agent('generator', 'gemini-2.5-flash')
      .instruct('Write.')
      .writes('report_text')
      .artifacts(A.publish('report.md', { fromKey: 'other' }))
      .initialState('topic')
    expect(() => broken.build()).toThrow(/other/)
  })
})
