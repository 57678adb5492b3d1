/**
 * Turns a label (a transform's name, a file name, a state key) into a valid agent name: other characters become
 * `_`, a leading digit gets a `_` prefix, and an empty or reserved result becomes `fallback`. @internal
 */
export function toIdentifier(label: string, fallback: string): string {
  const cleaned = label.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
  if (cleaned.length === 0 || cleaned === 'user') return fallback
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}
