import type { FlowNode } from '../ir/flow-node.js'

/**
 * The core agent names of sibling nodes: user-chosen names as given; library-made names (`fn_step`, `a_then_b`)
 * get a `_2`, `_3`… suffix when a sibling already uses them, since core agents need distinct names among siblings.
 */
export function childNames(nodes: readonly FlowNode[], reserved: readonly string[] = []): string[] {
  const taken = new Set([...reserved, ...nodes.filter((node) => !node.hasGeneratedName).map((node) => node.name)])
  return nodes.map((node) => {
    if (!node.hasGeneratedName) return node.name
    let name = node.name
    for (let suffix = 2; taken.has(name); suffix++) name = `${node.name}_${suffix}`
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
