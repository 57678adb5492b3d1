import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { issueCodes } from '../packages/core/src/errors/issue-codes.js'

// Every configuration problem is reported as an issue with a code callers can match (docs/errors.md): no source
// builds a ConfigError from a bare message, and every code of the closed IssueCode union is one some check reports.
const root = join(import.meta.dirname, '..')

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-helper\.ts$/.test(entry.name) ? [path] : []
  })
}

const files = readdirSync(join(root, 'packages')).flatMap((name) => sources(join(root, 'packages', name, 'src')))
const texts = new Map(files.map((file) => [relative(root, file), readFileSync(file, 'utf8')]))

describe('configuration issues across packages', () => {
  it('no source builds a ConfigError from a bare message (each gets issues with a code, path, message and hint)', () => {
    const bare = [...texts].flatMap(([file, text]) =>
      [...text.matchAll(/new ConfigError\(\s*[`'"]/g)].map(
        (match) => `${file}:${text.slice(0, match.index).split('\n').length}`,
      ),
    )
    expect(bare).toEqual([])
  })

  it('reports every issue code somewhere (no code is documented that no check uses)', () => {
    const all = [...texts]
      .filter(([file]) => !file.endsWith('issue-codes.ts'))
      .map(([, text]) => text)
      .join('\n')
    expect(issueCodes.filter((code) => !all.includes(`'${code}'`))).toEqual([])
  })
})
