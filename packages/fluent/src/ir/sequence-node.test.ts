import { describe, expect, it } from 'vitest'
import { SequenceNode } from './sequence-node.js'
import type { FlowNode } from './flow-node.js'

const step = (name: string) =>
  ({ kind: 'tap', name, hasGeneratedName: false, fn: () => undefined }) as unknown as FlowNode

describe('SequenceNode.append', () => {
  it('adds a step without reading the steps before it; they are assembled once, on first read', () => {
    let reads = 0
    const base = SequenceNode.create('p', [step('a')])
    const counting = Object.freeze(
      Object.defineProperty({ ...base }, 'steps', {
        enumerable: true,
        get: () => {
          reads++
          return base.steps
        },
      }),
    ) as SequenceNode
    let node = counting
    for (let index = 0; index < 1000; index++) node = SequenceNode.append(node, step(`s${index}`))
    expect(reads).toBe(0)
    expect(node.steps).toHaveLength(1001)
    expect(node.steps[1000]?.name).toBe('s999')
    expect(node.steps).toBe(node.steps)
    expect(reads).toBe(1)
  })

  it('keeps every intermediate node correct, frozen and equal to a plainly created one', () => {
    const a = step('a')
    const b = step('b')
    const c = step('c')
    const first = SequenceNode.create('p', [a])
    const second = SequenceNode.append(first, b)
    const third = SequenceNode.append(second, c)
    expect(third.steps).toEqual([a, b, c])
    expect(second.steps).toEqual([a, b])
    expect(first.steps).toEqual([a])
    expect(Object.isFrozen(third)).toBe(true)
    expect(Object.isFrozen(third.steps)).toBe(true)
    expect(third).toEqual(SequenceNode.create('p', [a, b, c]))
    expect({ ...SequenceNode.cloneWith(third, { description: 'd' }) }.steps).toEqual([a, b, c])
  })
})
