/**
 * Lays out a labelled value: the first line after `label` padded to `width`, later lines indented to the same
 * column (blank lines stay empty, so no line ends in spaces).
 */
export function labelled(indent: string, label: string, width: number, value: string): string[] {
  const pad = ' '.repeat(width)
  return value.split('\n').map((line, index) => {
    if (index === 0) return `${indent}${label.padEnd(width)}${line}`.trimEnd()
    return line.length === 0 ? '' : `${indent}${pad}${line}`
  })
}

/** `text` in double quotes (a multi-line text opens on its first line and closes on its last). */
export function quoted(text: string): string {
  return `"${text}"`
}

/** Every non-empty line of `text` prefixed with `indent`. */
export function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line.length === 0 ? '' : `${indent}${line}`))
    .join('\n')
}
