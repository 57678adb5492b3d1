import { describe, expect, it } from 'vitest'
import { Agent, FanOut, Loop, Pipeline, Route, S, type FlowBuilder } from '@adk-fluent/fluent'
import { chromiumMissing, devUiPages } from './chromium.test-helper.js'
import { measureGraph } from './graph-measure.test-helper.js'

// The Graph tab as Chromium draws it, measured: no label leaves its box, no two labels overlap, no edge runs through
// a label — at 800 and 1400 px wide. (Before: labels capped at 280 px ran out of their boxes, two edge labels drawn
// at one spot read "stylefact_notes", data edges crossed labels.)

/** A fan-out whose two branches feed one step (the README's `review`). */
const review = FanOut('review')
  .branch(Agent('style', 'gemini-2.5-flash').instruct('Review the style of {draft}.').writes('style_notes'))
  .branch(Agent('facts', 'gemini-2.5-flash').instruct('Check the facts in {draft}.').writes('fact_notes'))
  .then(S.merge(['style_notes', 'fact_notes'], { into: 'notes' }))

/** Twenty steps with long names, each reading the key of the step before and of the one three before. */
function twentySteps(): FlowBuilder {
  let flow = Pipeline('twenty_steps_pipeline_with_a_rather_long_name_indeed')
  for (let index = 0; index < 20; index++)
    flow = flow.step(
      Agent(`step_${index}_agent_with_a_considerably_long_descriptive_name`, 'gemini-2.5-flash')
        .instruct(index === 0 ? 'Start.' : `Use {key_${index - 1}} and {key_${Math.max(0, index - 3)}?}.`)
        .writes(`key_${index}`),
    )
  return flow
}

/** A route with labelled branches, a loop with its repeat edge, and keys crossing frames. */
const routed = Pipeline('support')
  .step(Agent('classifier', 'gemini-2.5-flash').instruct('Classify {query}.').writes('category'))
  .step(
    Route('category')
      .eq('billing', Agent('billing', 'gemini-2.5-flash').instruct('Resolve the billing question.').writes('answer'))
      .eq('technical', Agent('tech', 'gemini-2.5-flash').instruct('Fix the problem.').writes('answer'))
      .otherwise(Agent('general', 'gemini-2.5-flash').instruct('Answer politely.').writes('answer')),
  )
  .step(
    Loop('polish')
      .step(Agent('editor', 'gemini-2.5-flash').instruct('Polish {answer} using {notes?}.').writes('draft'))
      .step(Agent('checker', 'gemini-2.5-flash').instruct('Check {draft}.').writes('notes'))
      .times(3),
  )

const graphs: [string, FlowBuilder][] = [
  ['a fan-out into one step', review],
  ['twenty steps with long names', twentySteps()],
  ['a route, a loop and keys across frames', routed],
]

const title = chromiumMissing ? `the graph in Chromium (SKIPPED: ${chromiumMissing})` : 'the graph in Chromium'

describe.skipIf(chromiumMissing !== undefined)(title, () => {
  const open = devUiPages()

  it.each(graphs)('%s: every label in its box, no two overlapping, no edge through one', async (_name, builder) => {
    const { page } = await open({ builder, module: { mockScript: [] }, file: 'graph.ts', env: {}, port: 0 })
    for (const width of [800, 1400]) {
      await page.setViewportSize({ width, height: 900 })
      const found = await page.evaluate(measureGraph)
      expect({ width, ...found, counted: undefined }).toEqual({
        width,
        outside: [],
        overlapping: [],
        crossing: [],
        counted: undefined,
      })
      expect(found.counted.texts).toBeGreaterThan(3)
      expect(found.counted.edges).toBeGreaterThan(2)
    }
    // Every key label is drawn, once per writer and key (the README's "stylefact_notes" were two labels on one spot).
    const keys = await page.$$eval('svg.graph .edge-data text', (list) => list.map((label) => label.textContent))
    expect(new Set(keys).size).toBe(keys.length)
  })
})
