/** Parses CSV text (RFC 4180 quoting) into rows of cells. @internal */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
      continue
    }
    if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += char
  }
  if (cell.length > 0 || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((value) => value.length > 0))
}

function quote(value: unknown): string {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** CSV text of a list of records (header = the union of their keys in first-seen order) or of rows. @internal */
export function toCsvText(rows: readonly unknown[]): string {
  if (rows.every(Array.isArray)) return (rows as unknown[][]).map((cells) => cells.map(quote).join(',')).join('\n')
  const header: string[] = []
  for (const row of rows as Record<string, unknown>[])
    for (const key of Object.keys(row)) if (!header.includes(key)) header.push(key)
  const lines = (rows as Record<string, unknown>[]).map((row) => header.map((key) => quote(row[key])).join(','))
  return [header.map(quote).join(','), ...lines].join('\n')
}
