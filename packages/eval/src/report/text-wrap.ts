/**
 * Python's `textwrap.wrap(text, width)` with its defaults, enough for report cells: whitespace collapsed to single
 * spaces, words broken at spaces and after hyphens, words longer than the width split.
 */
export function wrapText(text: string, width: number): string[] {
  const chunks = text
    .replace(/\s/g, ' ')
    .split(/( +)/)
    .flatMap((chunk) => (chunk.trim() === '' ? [chunk] : chunk.split(/(?<=[^\s-]-)(?=\w)/)))
    .filter((chunk) => chunk.length > 0)
  const lines: string[] = []
  let line: string[] = []
  let length = 0
  const flush = () => {
    while (line.length > 0 && (line[line.length - 1] as string).trim() === '') line.pop()
    if (line.length > 0) lines.push(line.join(''))
    line = []
    length = 0
  }
  const queue = [...chunks]
  while (queue.length > 0) {
    let chunk = queue.shift() as string
    if (chunk.trim() === '' && line.length === 0) continue
    if (length + chunk.length <= width) {
      line.push(chunk)
      length += chunk.length
      continue
    }
    if (chunk.trim() !== '' && chunk.length > width) {
      const room = width - length
      if (room > 0) {
        line.push(chunk.slice(0, room))
        chunk = chunk.slice(room)
      }
      queue.unshift(chunk)
      flush()
      continue
    }
    flush()
    if (chunk.trim() !== '') queue.unshift(chunk)
  }
  flush()
  return lines
}

/** The `tabulate(..., tablefmt="grid")` layout of rows of text cells: an index column, cells padded, multi-line rows. */
export function gridTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const allHeaders = ['', ...headers]
  const cells = rows.map((row, index) => [String(index), ...row].map((cell) => cell.split('\n')))
  const widths = allHeaders.map((header, column) =>
    Math.max(header.length + 2, ...cells.map((row) => Math.max(...(row[column] ?? ['']).map((line) => line.length)))),
  )
  const rule = (fill: string) => `+${widths.map((width) => fill.repeat(width + 2)).join('+')}+`
  const render = (row: readonly (readonly string[])[]) => {
    const height = Math.max(...row.map((lines) => lines.length))
    return Array.from(
      { length: height },
      (_, lineIndex) =>
        `| ${row
          .map((lines, column) => {
            const text = lines[lineIndex] ?? ''
            const width = widths[column] as number
            return column === 0 ? text.padStart(width) : text.padEnd(width)
          })
          .join(' | ')} |`,
    ).join('\n')
  }
  const out = [rule('-'), render(allHeaders.map((header) => [header])), rule('=')]
  for (const row of cells) out.push(render(row), rule('-'))
  return out.join('\n')
}
