/**
 * Probe for bench row H: bytes allocated and CPU time of one `.then()` chain + `build()` of a 1,000-agent pipeline,
 * beside constructing the same agents by hand with @adk-fluent/core and with @google/adk.
 *
 *   cd bench && NODE_OPTIONS=--max-semi-space-size=512 tsx --expose-gc --conditions=@adk-fluent/source src/probes/h-alloc.ts
 *
 * Bytes: with a 512 MB young generation no scavenge happens inside one call, so the growth of `heapUsed` from a
 * collected heap is what the call allocated (median of 7; Node 20 has no allocated-bytes counter). CPU: this
 * process's `process.cpuUsage()` per call, median of 30 interleaved groups of 5 calls (steadier than wall time on a
 * shared machine).
 */
import { adkPipeline, chain, corePipeline } from '../scenarios/h-fluent-build.js'

const gc = (globalThis as { gc?: () => void }).gc!
function alloc(fn: () => unknown): number {
  // Run with --max-semi-space-size=512 so no scavenge happens inside one call: heapUsed grows by what it allocated.
  for (let i = 0; i < 5; i++) fn()
  const samples: number[] = []
  for (let i = 0; i < 7; i++) {
    gc()
    const before = process.memoryUsage().heapUsed
    fn()
    samples.push(process.memoryUsage().heapUsed - before)
  }
  return samples.sort((a, b) => a - b)[3]!
}
function cpu(fn: () => unknown, ops: number): number {
  const s = process.cpuUsage()
  for (let i = 0; i < ops; i++) fn()
  const d = process.cpuUsage(s)
  return (d.user + d.system) / 1000 / ops
}
const N = 1000
const ours = () => chain(N).build()
const chainOnly = () => chain(N)
const hand = () => corePipeline(N)
const google = () => adkPipeline(N)
console.log(
  'alloc bytes: ours',
  alloc(ours),
  'chain',
  alloc(chainOnly),
  'core hand',
  alloc(hand),
  '@google/adk hand',
  alloc(google),
)
const o: number[] = [],
  h: number[] = [],
  c: number[] = [],
  g: number[] = []
for (let i = 0; i < 30; i++) {
  o.push(cpu(ours, 5))
  h.push(cpu(hand, 5))
  c.push(cpu(chainOnly, 5))
  g.push(cpu(google, 5))
}
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!
console.log(
  'cpu ms median: ours',
  med(o).toFixed(2),
  'chain',
  med(c).toFixed(2),
  'hand',
  med(h).toFixed(2),
  '@google/adk',
  med(g).toFixed(2),
  'ratio core',
  (med(o) / med(h)).toFixed(2),
  'ratio adk',
  (med(o) / med(g)).toFixed(2),
)
