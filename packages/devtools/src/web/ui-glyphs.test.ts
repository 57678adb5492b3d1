import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The page names no font, so each character outside ASCII must be in a font the system has: a rare symbol (⏮, ⏭)
// draws as an empty box with Debian's fonts. fontconfig answers which installed fonts cover a character.
const ui = join(dirname(fileURLToPath(import.meta.url)), 'ui')
const fcList = (() => {
  try {
    execFileSync('fc-list', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

function nonAscii(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const file of readdirSync(ui).filter((name) => /\.(js|css|html)$/.test(name))) {
    for (const character of new Set(readFileSync(join(ui, file), 'utf8').match(/[^\x00-\x7f]/gu) ?? [])) {
      found.set(character, [...(found.get(character) ?? []), file])
    }
  }
  return found
}

describe('dev UI characters', () => {
  it.skipIf(!fcList)('every non-ASCII character of the page is covered by an installed font', () => {
    const missing = [...nonAscii()]
      .filter(([character]) => {
        const hex = (character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')
        return execFileSync('fc-list', [`:charset=${hex}`], { encoding: 'utf8' }).trim() === ''
      })
      .map(([character, files]) => `${character} (U+${character.codePointAt(0)?.toString(16)}) in ${files.join(', ')}`)
    expect(missing).toEqual([])
  })

  it('the replay buttons are plain words', () => {
    const source = readFileSync(join(ui, 'sessions.js'), 'utf8')
    const labels = [...source.matchAll(/class: '(first|prev|next|last)'[^}]*\}, '([^']*)'/g)].map((match) => match[2])
    expect(labels).toEqual(['First', 'Previous', 'Next', 'Last'])
  })
})
