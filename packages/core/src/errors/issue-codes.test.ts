import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from './config-error.js'
import { issueCodes, type IssueCode } from './issue-codes.js'

const doc = readFileSync(join(import.meta.dirname, '../../../../docs/errors.md'), 'utf8')
const section = doc.slice(doc.indexOf('## Issue codes'), doc.indexOf('\n## ', doc.indexOf('## Issue codes') + 1))
/** The codes of the table rows of docs/errors.md's "Issue codes" section. */
const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1] as string)

describe('issue codes', () => {
  it('documents every code of the IssueCode union in docs/errors.md, and documents no other', () => {
    expect(documented.length).toBeGreaterThan(50)
    expect(documented.filter((code) => !issueCodes.includes(code as IssueCode))).toEqual([])
    expect(issueCodes.filter((code) => !documented.includes(code))).toEqual([])
    expect(new Set(documented).size).toBe(documented.length)
  })

  it('are snake_case and distinct', () => {
    for (const code of issueCodes) expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/)
    expect(new Set(issueCodes).size).toBe(issueCodes.length)
  })

  it('keeps the code a ConfigError issue is given; only the deprecated bare message gets config_invalid', () => {
    const error = new ConfigError([
      { code: 'number_invalid', path: ['C.window()', 'turns'], message: 'must be 1 or more.' },
    ])
    expect(error.issues[0]?.code).toBe('number_invalid')
    expect(error.message).toBe('C.window().turns: must be 1 or more.')
    expect(new ConfigError('plain').issues).toEqual([{ code: 'config_invalid', path: [], message: 'plain' }])
  })
})
