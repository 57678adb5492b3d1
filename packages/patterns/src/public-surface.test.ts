import { describe, expect, it } from 'vitest'
import * as patterns from './index.js'

// The exact public surface: a change to it must be a visible diff here.
describe('@adk-fluent/patterns public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(patterns).sort()).toEqual([
      'approvalWords',
      'cascade',
      'chain',
      'conditional',
      'fanOutMerge',
      'feedbackFields',
      'isApproved',
      'mapReduce',
      'parseQuality',
      'qualityLabels',
      'readFeedback',
      'readVerdict',
      'reviewLoop',
      'supervised',
      'verdictMatches',
    ])
  })
})
