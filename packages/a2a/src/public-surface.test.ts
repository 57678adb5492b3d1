import { describe, expect, it } from 'vitest'
import * as surface from './index.js'

// The exact public surface: a change to it must be a visible diff here.
describe('@adk-fluent/a2a public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'RemoteA2aAgent',
      'RemoteAgent',
      'RemoteAgentError',
      'isRemoteA2aAgent',
      'serveA2a',
    ])
  })
})
