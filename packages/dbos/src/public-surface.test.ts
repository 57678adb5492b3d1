import { describe, expect, it } from 'vitest'
import * as surface from './index.js'

// The exact public surface: a change to it must be a visible diff here.
describe('@adk-fluent/dbos public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'AgentTreeChangedError',
      'DEFAULT_QUEUE',
      'DurableClient',
      'DurableRun',
      'DurableRunner',
      'ReplayMismatchError',
      'RunCancelledError',
      'RunFailedError',
      'RunIdTakenError',
      'RunLostError',
      'RunStoreError',
      'agentTreeVersion',
    ])
  })
})
