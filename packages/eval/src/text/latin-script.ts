/**
 * ADK's "mostly Latin script" test (response-match variant V2): among the letters of the text (Unicode category L),
 * more than half have "LATIN" in their Unicode name. Empty text or text without letters counts as Latin.
 * `\p{Script=Latin}` stands in for the name test, with the letters where the two disagree fixed up.
 */

/** Script=Latin letters whose Unicode name does not contain "LATIN" (ranges, inclusive). */
const latinWithoutLatinName: readonly (readonly [number, number])[] = [
  [0x00aa, 0x00aa],
  [0x00ba, 0x00ba],
  [0x02b0, 0x02b8],
  [0x02e0, 0x02e4],
  [0x1d2c, 0x1d5c],
  [0x1d9b, 0x1dbe],
  [0x212a, 0x212b],
  [0x2132, 0x2132],
  [0x214e, 0x214e],
  [0x2183, 0x2183],
  [0x2c7d, 0x2c7d],
  [0xa770, 0xa770],
  [0xa7f2, 0xa7f4],
  [0xa7f8, 0xa7f9],
  [0xab5c, 0xab5f],
  [0xab69, 0xab69],
  [0x10780, 0x10785],
  [0x10787, 0x107b0],
  [0x107b2, 0x107ba],
]

/** Letters with "LATIN" in their name that are not Script=Latin ("GLAGOLITIC … LATINATE MYSLITE"). */
const latinNameOutsideScript = new Set([0x2c2e, 0x2c5e])

function inRanges(code: number): boolean {
  return latinWithoutLatinName.some(([from, to]) => code >= from && code <= to)
}

function hasLatinName(letter: string): boolean {
  const code = letter.codePointAt(0) ?? 0
  if (latinNameOutsideScript.has(code)) return true
  return /\p{Script=Latin}/u.test(letter) && !inRanges(code)
}

/** True when more than half of the text's letters are Latin (or it has none). */
export function isLatinScript(text: string): boolean {
  let letters = 0
  let latin = 0
  for (const character of text) {
    if (!/\p{L}/u.test(character)) continue
    letters++
    if (hasLatinName(character)) latin++
  }
  return letters === 0 || latin / letters > 0.5
}
