/**
 * Python's `repr(float)`: the shortest digits that read back to the same double (as JavaScript's), but `1.0` for
 * integers, scientific notation when the exponent is below -4 or at least 16 (`1e-05`, `1e+16`), and
 * `nan`/`inf`/`-inf`. `undefined` and `null` print as `None`.
 */
export function pyFloat(value: number | null | undefined): string {
  if (value === undefined || value === null) return 'None'
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0'
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e')
  const exponent = Number(exponentText)
  const negative = mantissa.startsWith('-')
  const digits = mantissa.replace('-', '').replace('.', '')
  const sign = negative ? '-' : ''
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    const magnitude = String(Math.abs(exponent)).padStart(2, '0')
    return `${sign}${head}e${exponent < 0 ? '-' : '+'}${magnitude}`
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')
  const fraction = digits.slice(exponent + 1)
  return `${sign}${whole}.${fraction.length > 0 ? fraction : '0'}`
}
