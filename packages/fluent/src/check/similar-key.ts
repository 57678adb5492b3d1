/** Edit distance (insertions, deletions, substitutions, adjacent transpositions) between two short strings. */
function distance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const table: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (table[i - 1]?.[j] ?? 0) + 1,
        (table[i]?.[j - 1] ?? 0) + 1,
        (table[i - 1]?.[j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (table[i - 2]?.[j - 2] ?? 0) + 1)
      ;(table[i] as number[])[j] = best
    }
  }
  return table[a.length]?.[b.length] ?? 0
}

/**
 * The candidate closest to `key` when it is close enough to be a typo (at most 1 edit for keys up to 4 characters,
 * 2 for longer ones; case ignored), else `undefined`. @internal
 */
export function similarKey(key: string, candidates: Iterable<string>): string | undefined {
  const limit = key.length <= 4 ? 1 : 2
  let best: { key: string; distance: number } | undefined
  for (const candidate of candidates) {
    if (candidate === key) continue
    const d = distance(key.toLowerCase(), candidate.toLowerCase())
    if (d <= limit && (!best || d < best.distance)) best = { key: candidate, distance: d }
  }
  return best?.key
}
