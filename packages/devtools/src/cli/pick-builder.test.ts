import { describe, expect, it } from 'vitest'
import { Agent } from '@adk-fluent/fluent'
import { pickBuilder } from './pick-builder.js'

describe('pickBuilder', () => {
  const writer = Agent('writer').writes('draft')
  const critic = Agent('critic').reads('draft')
  const flow = writer.then(critic)

  it('picks the only exported builder no other export contains, or the named one', () => {
    expect(pickBuilder({ writer, critic, flow, mockScript: [] }, 'm.ts', undefined)).toBe(flow)
    expect(pickBuilder({ writer, critic, flow }, 'm.ts', 'critic')).toBe(critic)
    expect(pickBuilder({ flow, alias: flow }, 'm.ts', undefined)).toBe(flow)
  })

  it('prefers the default export among several roots, else asks for --export', () => {
    const other = Agent('other')
    expect(pickBuilder({ default: flow, other }, 'm.ts', undefined)).toBe(flow)
    expect(() => pickBuilder({ flow, other }, 'm.ts', undefined)).toThrow(
      'm.ts exports several builders (flow, other); pick one with --export <name>.',
    )
    expect(() => pickBuilder({ value: 1, node: { kind: 'agent' } }, 'm.ts', undefined)).toThrow(
      /m\.ts exports no fluent builder/,
    )
  })
})
