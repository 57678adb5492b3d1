import { describe, expect, it } from 'vitest'
import { githubSlug, Slugger } from './slug.js'

describe('heading ids', () => {
  it("are GitHub's, so links into README.md and docs/*.md keep working on the site", () => {
    expect(githubSlug('Ready for production: usage, limits, cancellation, tracing')).toBe(
      'ready-for-production-usage-limits-cancellation-tracing',
    )
    expect(githubSlug("ADK's HTTP API and Google's dev UI")).toBe('adks-http-api-and-googles-dev-ui')
    expect(githubSlug('Talk to other agents (A2A)')).toBe('talk-to-other-agents-a2a')
    expect(githubSlug('P — prompts (`.instruct(P…)`)')).toBe('p--prompts-instructp')
  })

  it('number repeated headings as GitHub does, and never reuse a claimed id', () => {
    const slugger = new Slugger()
    expect([slugger.slug('Usage'), slugger.slug('Usage'), slugger.slug('Usage')]).toEqual([
      'usage',
      'usage-1',
      'usage-2',
    ])
    expect(slugger.take('usage')).toBe(false)
    expect(slugger.take('other')).toBe(true)
    expect(slugger.slug('Other')).toBe('other-1')
  })
})
