// Every example previewed with the replies of its offline script: each request the preview records must equal, byte
// for byte, the request the scripted model receives in a run (checkPreviewFidelity throws on the first difference).
import { checkPreviewFidelity } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import type { Example } from '../shared/example.js'
import { example as classifyRoute } from '../classify-route/index.js'
import { example as dataAnalyst } from '../data-analyst/index.js'
import { example as dispatcher } from '../dispatcher/index.js'
import { example as graphWorkflow } from '../graph-workflow/index.js'
import { example as researchFanout } from '../research-fanout/index.js'
import { example as reviewLoop } from '../review-loop/index.js'
import { example as sequentialFailure } from '../sequential-failure/index.js'
import { example as showcase, showcase as showcasePipeline, mockScript as showcaseScript } from '../showcase/index.js'
import { example as weatherAgent } from '../weather-agent/index.js'

const examples: readonly Example[] = [
  classifyRoute,
  dataAnalyst,
  dispatcher,
  graphWorkflow,
  researchFanout,
  reviewLoop,
  sequentialFailure,
  showcase,
  weatherAgent,
]

/** How many model calls each example's offline run makes (so a run and a preview that both stop early cannot pass). */
const expectedCalls: Readonly<Record<string, number>> = {
  'classify-route': 2,
  'data-analyst': 3,
  dispatcher: 3,
  'graph-workflow': 8,
  'research-fanout': 4,
  'review-loop': 4,
  'sequential-failure': 3,
  showcase: 5,
  'weather-agent': 3,
}

describe('the preview of every example equals its run', () => {
  for (const example of examples) {
    it(example.name, async () => {
      const { runRequests, previewCalls } = await checkPreviewFidelity({
        agent: (model) => example.create(model),
        script: example.script,
        prompt: example.defaultPrompt,
        ...(example.initialState ? { state: example.initialState } : {}),
      })
      expect(previewCalls).toHaveLength(runRequests.length)
      expect(runRequests.length).toBe(expectedCalls[example.name])
    })
  }

  it('showcase as the CLI loads it (agents on a named Gemini model, replaced in the run by the scripted one)', async () => {
    const { runRequests, previewCalls } = await checkPreviewFidelity({
      agent: showcasePipeline,
      script: showcaseScript,
      prompt: showcase.defaultPrompt,
    })
    expect(previewCalls.map((call) => `${call.agent}#${call.round ?? '-'}`)).toEqual([
      'researcher#-',
      'writer#1',
      'reviewer#1',
      'writer#2',
      'reviewer#2',
    ])
    expect(runRequests[0]?.model).toBe('gemini-2.5-flash')
  })
})
