import type { FlowNode } from '../ir/flow-node.js'

/**
 * The core agent names of sibling nodes: user-chosen names as given; library-made names (`fn_step`, `a_then_b`)
 * get a `_2`, `_3`… suffix when a sibling already uses them, since core agents need distinct names among siblings.
 */
export function childNames(nodes: readonly FlowNode[], reserved: readonly string[] = []): string[] {
  // User-chosen names are kept as given (duplicates are a build error found before): nothing to make distinct.
  if (!nodes.some((node) => node.hasGeneratedName)) return nodes.map((node) => node.name)
  const taken = new Set([...reserved, ...nodes.filter((node) => !node.hasGeneratedName).map((node) => node.name)])
  // The next suffix to try per name: the ones below it are taken already (`taken` only grows), so 10,000 steps of one
  // generated name cost 10,000 tries, not 50 million.
  const nextSuffix = new Map<string, number>()
  return nodes.map((node) => {
    if (!node.hasGeneratedName) return node.name
    let name = node.name
    let suffix = nextSuffix.get(name) ?? 2
    while (taken.has(name)) name = `${node.name}_${suffix++}`
    nextSuffix.set(node.name, suffix)
    taken.add(name)
    return name
  })
}

/** A name for a library-made agent placed after `siblings`, made distinct from their names. */
export function distinctName(base: string, siblings: readonly string[]): string {
  let name = base
  for (let suffix = 2; siblings.includes(name); suffix++) name = `${base}_${suffix}`
  return name
}
