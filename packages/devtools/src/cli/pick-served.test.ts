import { describe, expect, it } from 'vitest'
import { App, LlmAgent } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
import { pickServed } from './pick-served.js'

describe('pickServed (the order of ADK agent loader)', () => {
  const agent = new LlmAgent({ name: 'desk' })
  const app = new App({ name: 'desk', rootAgent: agent })
  const other = new App({ name: 'other', rootAgent: new LlmAgent({ name: 'other' }) })
  const builder = Agent('helper')

  it('prefers an App (app, rootApp, default, the only one), then a builder, then a core rootAgent', () => {
    expect(pickServed({ rootApp: other, app, builder }, 'm.ts', undefined)).toEqual({
      kind: 'app',
      app,
      exportName: 'app',
    })
    expect(pickServed({ other, rootApp: app }, 'm.ts', undefined)).toMatchObject({ app, exportName: 'rootApp' })
    expect(pickServed({ other, default: app }, 'm.ts', undefined)).toMatchObject({ app, exportName: 'default' })
    expect(pickServed({ mine: app, alias: app, agent }, 'm.ts', undefined)).toMatchObject({ app, exportName: 'mine' })
    expect(pickServed({ builder, rootAgent: agent }, 'm.ts', undefined)).toEqual({ kind: 'builder', builder })
    expect(pickServed({ rootAgent: agent, x: 1 }, 'm.ts', undefined)).toEqual({
      kind: 'agent',
      agent,
      exportName: 'rootAgent',
    })
  })

  it('takes --export for any of them, asks for it among several Apps, and names the file when there is nothing', () => {
    expect(pickServed({ app, builder }, 'm.ts', 'builder')).toEqual({ kind: 'builder', builder })
    expect(pickServed({ app, other }, 'm.ts', 'other')).toMatchObject({ kind: 'app', app: other })
    expect(pickServed({ app, agent }, 'm.ts', 'agent')).toMatchObject({ kind: 'agent', agent })
    expect(() => pickServed({ one: app, two: other }, 'm.ts', undefined)).toThrow(
      'm.ts exports several apps (one, two); pick one with --export <name>.',
    )
    expect(() => pickServed({ answer: 42 }, 'm.ts', undefined)).toThrow(
      /^m\.ts exports no fluent builder, core App or core rootAgent\. Export one/,
    )
  })
})
