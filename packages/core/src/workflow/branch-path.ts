/**
 * A sub-branch: `base.name@runId` (or `name@runId` at the top; `@runId` left out without one). Fan-out branches of a
 * workflow get one each, so an agent on one branch does not see its siblings' history.
 * @example createSubBranch('parent', { name: 'child', runId: '1' }) // 'parent.child@1'
 */
export function createSubBranch(base: string | undefined | null, options: { name: string; runId?: string }): string {
  const segment = options.runId !== undefined ? `${options.name}@${options.runId}` : options.name
  return base ? `${base}.${segment}` : segment
}

/** The longest common dot-segment prefix of branches (`''` when they share none). */
export function commonPrefixOf(branches: readonly string[]): string {
  if (branches.length === 0) return ''
  const split = branches.map((branch) => (branch ? branch.split('.') : []))
  const first = split[0] as string[]
  let length = 0
  while (length < first.length && split.every((segments) => segments[length] === first[length])) length++
  return first.slice(0, length).join('.')
}
