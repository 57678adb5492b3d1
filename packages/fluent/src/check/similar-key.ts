/**
 * Edit distance (insertions, deletions, substitutions, adjacent transpositions) between two short strings, over three
 * reused rows (a build checks every unwritten read against every written key, so this runs often).
 */
function distance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  let current = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1)
      current[j] = best
    }
    ;[before, previous, current] = [previous, current, before]
  }
  return previous[b.length] as number
}

/**
 * The candidate closest to `key` when it is close enough to be a typo (at most 1 edit for keys up to 4 characters,
 * 2 for longer ones; case ignored), else `undefined`: the contract checker's state-key hints, and the CLI's
 * "Did you mean" (exported from `@adk-fluent/fluent/internal` for it).
 */
export function similarKey(key: string, candidates: Iterable<string>): string | undefined {
  const limit = key.length <= 4 ? 1 : 2
  const lower = key.toLowerCase()
  let best: { key: string; distance: number } | undefined
  for (const candidate of candidates) {
    // The distance is at least the difference in length: most candidates are ruled out without computing it.
    if (candidate === key || Math.abs(candidate.length - key.length) > limit) continue
    const d = distance(lower, candidate.toLowerCase())
    if (d <= limit && (!best || d < best.distance)) best = { key: candidate, distance: d }
  }
  return best?.key
}

/** `via` with `key` replaced by `guess` where it stands quoted or in braces (`{drfat}`, `.reads('drfat')`). @internal */
export function viaWith(via: string, key: string, guess: string): string | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = new RegExp(`(?<=['"{])${escaped}(?=[?'"}])`, 'g')
  const replaced = via.replace(pattern, guess)
  return replaced === via ? undefined : replaced
}
