/**
 * Text sizes for the graph's layout, computed where no font can be measured (the server). The widths are generous
 * upper estimates for the page's system sans-serif fonts (DejaVu Sans, among the widest, included); the page measures
 * the real text and narrows any line that would still not fit its box (see ui/graph.js), so text never leaves it.
 */

/** The graph's kinds of text: a node's label, a frame's label, a data edge's state key, a control edge's label. */
export type TextKind = 'node' | 'frame' | 'data' | 'control'

/** Width of one character in px, and line height, per kind (12px node and bold frame labels, 11px edge labels). */
const metrics: Readonly<Record<TextKind, { readonly char: number; readonly line: number }>> = {
  node: { char: 7.2, line: 15 },
  frame: { char: 7.8, line: 15 },
  data: { char: 7.4, line: 13 },
  control: { char: 6.8, line: 13 },
}

/** The height of one line of `kind` text, in px. */
export function lineHeight(kind: TextKind): number {
  return metrics[kind].line
}

/** The width `text` takes as `kind` text, in px. */
export function textWidth(text: string, kind: TextKind): number {
  return Math.ceil([...text.trimEnd()].length * metrics[kind].char)
}

/** Where a long word may break: after `_`, `.`, `,`, `:`, `(`, `/` and `-` (the break character stays on the line). */
const breakAfter = /[_.,:(/-]/

/** Splits a word longer than `max` characters at its break characters, else every `max` characters. */
function splitWord(word: string, max: number): string[] {
  const pieces: string[] = []
  let rest = word
  while ([...rest].length > max) {
    const chars = [...rest]
    let cut = -1
    for (let index = max - 1; index >= Math.floor(max / 2); index--) {
      if (breakAfter.test(chars[index] as string)) {
        cut = index + 1
        break
      }
    }
    if (cut < 0) cut = max
    pieces.push(chars.slice(0, cut).join(''))
    rest = chars.slice(cut).join('')
  }
  if (rest !== '') pieces.push(rest)
  return pieces
}

/**
 * `text` in lines of at most `maxWidth` px of `kind` text: words are kept whole when they fit, a longer word is split
 * at its `_`, `.`, `(`, … (or, without one, where the line is full). A line that ends where the text had a space
 * keeps it (one trailing space, which draws nothing), so the lines joined are the text. Always at least one line.
 */
export function wrapText(text: string, maxWidth: number, kind: TextKind): string[] {
  const max = Math.max(4, Math.floor(maxWidth / metrics[kind].char))
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    // The pieces of a split word each start a line of their own (no space is put inside the word).
    splitWord(word, max).forEach((piece, index) => {
      const joined = line === '' ? piece : `${line} ${piece}`
      if (index === 0 && [...joined].length <= max) line = joined
      else {
        if (line !== '') lines.push(index === 0 ? `${line} ` : line)
        line = piece
      }
    })
  }
  if (line !== '' || lines.length === 0) lines.push(line)
  return lines
}
