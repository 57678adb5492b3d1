import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../index.js'

function issuesOf(build: () => unknown): { code: string; path: string }[] {
  try {
    build()
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    return error.issues.map((issue) => ({ code: issue.code, path: issue.path.join('.') }))
  }
  throw new Error('expected build() to throw')
}

describe('build() reports every mistake at once', () => {
  it("lists an agent's own problem (an unknown model) with the tree's (a duplicate name, a key nobody writes)", () => {
    const flow = Pipeline('flow')
      .initialState('topic')
      .step(Agent('writer', new ScriptedLlm(['a'])).writes('draft'))
      .step(Agent('reviewer', 'gpt-unknown').instruct('Review {draft}.'))
      // @ts-expect-error the types see it too: 'article' is not written before this step
      .step(Agent('reviewer', new ScriptedLlm(['b'])).instruct('Publish {article}.'))
    const issues = issuesOf(() => flow.build())
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'duplicate_name' }),
        expect.objectContaining({ code: 'state_not_written' }),
        { code: expect.any(String), path: 'flow.steps.1.reviewer.model' },
      ]),
    )
    expect(issues).toHaveLength(3)
  })

  it('a tree whose only problem is a model still throws it as before', () => {
    const issues = issuesOf(() => Pipeline('flow').step(Agent('a', 'gpt-unknown')).build())
    expect(issues.map((issue) => issue.path)).toEqual(['a.model'])
  })
})
