/**
 * Python's `statistics.mean` on doubles: the exact rational sum divided by the count, rounded once to the nearest
 * double (ties to even). A plain `sum / n` can differ in the last digit (`[0.1, 0.2, 0.3]` → 0.2, not
 * 0.20000000000000004). `undefined` for an empty list.
 */
export function exactMean(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined
  if (values.some((value) => !Number.isFinite(value)))
    return values.reduce((sum, value) => sum + value, 0) / values.length
  const parts = values.map(decompose)
  const minExponent = Math.min(...parts.map(([, exponent]) => exponent))
  let numerator = 0n
  for (const [mantissa, exponent] of parts) numerator += mantissa << BigInt(exponent - minExponent)
  // mean = numerator * 2^minExponent / n
  return ratioToDouble(numerator, BigInt(values.length), minExponent)
}

/** A finite double as `[integer mantissa, exponent]` with value = mantissa · 2^exponent. */
function decompose(value: number): [bigint, number] {
  if (value === 0) return [0n, 0]
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  const bits = view.getBigUint64(0)
  const negative = bits >> 63n === 1n
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n)
  const exponent = (biased === 0 ? 1 : biased) - 1075
  return [negative ? -mantissa : mantissa, exponent]
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length
}

/** The double nearest to `numerator / denominator · 2^exponent` (ties to even; normal range). */
function ratioToDouble(numerator: bigint, denominator: bigint, exponent: number): number {
  if (numerator === 0n) return 0
  const negative = numerator < 0n
  const n = negative ? -numerator : numerator
  // Scale so the integer quotient has at least 55 bits: 53 kept, a rounding bit, and more.
  const shift = Math.max(0, 55 - (bitLength(n) - bitLength(denominator)))
  const scaled = n << BigInt(shift)
  let quotient = scaled / denominator
  let sticky = scaled % denominator !== 0n
  let scale = exponent - shift
  const extra = bitLength(quotient) - 53
  if (extra > 0) {
    const dropped = quotient & ((1n << BigInt(extra)) - 1n)
    const half = 1n << BigInt(extra - 1)
    quotient >>= BigInt(extra)
    scale += extra
    if (dropped > half || (dropped === half && (sticky || (quotient & 1n) === 1n))) quotient += 1n
    sticky = false
  }
  const result = Number(quotient) * 2 ** scale
  return negative ? -result : result
}
