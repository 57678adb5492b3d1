import { describe, expect, it } from 'vitest'
import { InMemoryRunner, ParallelWorker, type Event } from '@adk-fluent/core'
import { Graph } from './graph-factory.js'

function split(_ctx: unknown, input: string) {
  return input.split(',')
}
function shout(_ctx: unknown, word: string) {
  return word.toUpperCase()
}
function joinAll(_ctx: unknown, words: string[]) {
  return words.join(' ')
}

describe('Graph with a ParallelWorker node', () => {
  const worker = new ParallelWorker(shout, { maxParallelWorkers: 2 })
  const graph = Graph('shouter').chain('START', split, worker, joinAll)

  it('runs the inner node once per item and hands the ordered list on (twice on one runner)', async () => {
    const runner = new InMemoryRunner({ agent: graph.build() })
    for (const [sessionId, text, expected] of [
      ['s1', 'a,b,c', 'A B C'],
      ['s2', 'x,y', 'X Y'],
    ] as const) {
      const events: Event[] = []
      for await (const event of graph.events(text, { runner, sessionId })) events.push(event)
      expect(events.filter((event) => event.author === 'shout' && Array.isArray(event.output))).toHaveLength(1)
      expect(events.at(-1)?.output).toBe(expected)
    }
  })

  it('shows as a ParallelWorker in explain and mermaid', () => {
    expect(graph.explain()).toContain('ParallelWorker: shout (runs shout per item, 2 at once)')
    expect(graph.toMermaid()).toContain('[["shout')
  })

  it('is one node when given twice', () => {
    const built = Graph('twice').chain('START', worker).edge(worker, joinAll).build()
    expect(built.graph?.nodes.map((node) => node.name)).toEqual(['__START__', 'shout', 'joinAll'])
  })
})
