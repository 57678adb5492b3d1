import { describe, expect, it } from 'vitest'
import { similarKey } from './similar-key.js'

describe('similarKey', () => {
  it('finds a near miss by insertion, deletion, substitution or transposition, ignoring case', () => {
    expect(similarKey('outlien', ['draft', 'outline'])).toBe('outline')
    expect(similarKey('outlne', ['outline'])).toBe('outline')
    expect(similarKey('outlinee', ['outline'])).toBe('outline')
    expect(similarKey('Outlime', ['outline'])).toBe('outline')
    expect(similarKey('tpoic', ['topic'])).toBe('topic')
  })

  it('prefers the closest candidate and rejects keys too far away (1 edit up to 4 characters, else 2)', () => {
    expect(similarKey('draft', ['drafts', 'draft_2', 'draft'])).toBe('drafts')
    expect(similarKey('abcd', ['abxy', 'ab'])).toBeUndefined()
    expect(similarKey('topic', ['out_1', 'out_2', 'topics_all'])).toBeUndefined()
    expect(similarKey('summary', ['sumary_'])).toBe('sumary_')
  })
})
