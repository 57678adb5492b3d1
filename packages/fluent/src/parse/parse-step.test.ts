import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import { S } from '../namespaces/index.js'

describe('parseStep', () => {
  it('a built core agent passed as a step says so and what to pass instead', () => {
    const built = Agent('writer').instruct('Write.').build()
    let caught: unknown
    try {
      Pipeline('p').step(built as never)
    } catch (error) {
      caught = error
    }
    expect(ConfigError.isConfigError(caught)).toBe(true)
    expect((caught as Error).message).toContain('got a built core agent ("writer", a LlmAgent)')
    expect((caught as Error).message).toContain('without .build()')
  })
})

describe('reserved state keys in the builders', () => {
  it('.writes(), S.* and .reads() refuse __proto__, constructor and prototype', () => {
    expect(() => Agent('a').writes('constructor')).toThrow(/reserved/)
    expect(() => S.set({ ['__proto__']: 1 } as never)).toThrow(/reserved/)
    expect(() => S.pick('prototype')).toThrow(/reserved/)
    expect(() => Agent('a').reads('app:constructor')).toThrow(ConfigError)
  })
})
