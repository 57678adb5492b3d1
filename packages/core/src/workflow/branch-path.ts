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

/** A branch as its dot-separated segments (ADK 2.0 `BranchPath`): `'wf.page@1'` is `['wf', 'page@1']`. */
export class BranchPath {
  readonly #segments: readonly string[]

  constructor(segments: readonly string[]) {
    this.#segments = [...segments]
  }

  toString(): string {
    return this.#segments.join('.')
  }

  /** A copy of the segments. */
  getSegments(): string[] {
    return [...this.#segments]
  }

  /** True when `ancestor`'s segments start this path's and this path is longer. */
  isDescendantOf(ancestor: BranchPath): boolean {
    const theirs = ancestor.#segments
    return this.#segments.length > theirs.length && theirs.every((segment, index) => this.#segments[index] === segment)
  }

  /** A new path with `name@runId` (or `name`) added. */
  append(name: string, runId?: string): BranchPath {
    return new BranchPath([...this.#segments, runId !== undefined ? `${name}@${runId}` : name])
  }
}

/** The path of a branch string (`''`, `null` and `undefined`: the empty path). */
export function branchPathFromString(path?: string | null): BranchPath {
  return new BranchPath(path ? path.split('.') : [])
}

/** The longest common prefix of paths (the empty path when they share none). */
export function commonPrefixOfPaths(paths: readonly BranchPath[]): BranchPath {
  return branchPathFromString(commonPrefixOf(paths.map((path) => path.toString())))
}
