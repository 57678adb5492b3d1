import { describe, expect, it } from 'vitest'
import * as devtools from './index.js'

// The exact public surface of @adk-fluent/devtools: a change to it must be a visible diff here.
describe('@adk-fluent/devtools public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(devtools).sort()).toEqual([
      'AdkWebMissingError',
      'HttpRequestError',
      'PortInUseError',
      'WebApp',
      'requestJson',
      'runCli',
      'startAdkApiServer',
      'startWebServer',
    ])
  })
})
