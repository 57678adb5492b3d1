import { describe, expect, it } from 'vitest'
import { Agent, Fallback, Pipeline, Route } from '../builders/workflow-factories.js'
import { mapOver, race, timeout } from '../builders/flow-helpers.js'
import * as S from '../namespaces/state/index.js'
import { subjects } from './test-subjects.test-helper.js'

describe('toAscii(): exact output', () => {
  it('shows a classifier and a .reads() writer with the keys they need', () => {
    expect(subjects.classifier.toAscii()).toBe(
      [
        'classifier (Agent)  reads: query  writes: intent',
        '',
        'Data flow:',
        '  (not written) --[query]--> classifier',
      ].join('\n'),
    )
    expect(subjects.readsWriter.initialState('topic', 'findings', 'tone').toAscii()).toBe(
      [
        'writer (Agent)  reads: topic, findings, tone  writes: draft',
        '',
        'Data flow:',
        '  (initial state) --[topic, findings, tone]--> writer',
      ].join('\n'),
    )
  })

  it('shows a pipeline', () => {
    expect(subjects.pipeline.toAscii()).toBe(
      [
        'research (Pipeline)',
        '├── researcher (Agent)  reads: topic  writes: findings',
        `├── rename_findings_to_notes (Transform: S.rename({"findings":"notes"}))  reads: findings  writes: notes`,
        '└── writer (Agent)  reads: topic, notes  writes: draft',
        '',
        'Data flow:',
        '  (initial state) --[topic]--> researcher',
        '  researcher --[findings]--> rename_findings_to_notes',
        '  (initial state) --[topic]--> writer',
        '  rename_findings_to_notes --[notes]--> writer',
      ].join('\n'),
    )
  })

  it('shows a fan-out', () => {
    expect(subjects.fanOut.toAscii()).toBe(
      [
        'gather (FanOut)',
        '├── web (Agent)  reads: topic  writes: web',
        '└── papers (Agent)  reads: topic  writes: papers',
        '',
        'Data flow:',
        '  (initial state) --[topic]--> web',
        '  (initial state) --[topic]--> papers',
      ].join('\n'),
    )
  })

  it('shows a loop, optional reads marked with ?', () => {
    expect(subjects.loop.toAscii()).toBe(
      [
        'refine (Loop: max 3)',
        '├── drafter (Agent)  reads: feedback?  writes: draft',
        '└── reviewer (Agent)  reads: draft  writes: feedback',
        '',
        'Data flow:',
        '  reviewer --[feedback]--> drafter',
        '  drafter --[draft]--> reviewer',
      ].join('\n'),
    )
  })

  it('labels route rules, fallback attempts, races and nested children; never crashes on opaque steps', () => {
    const flow = Pipeline('flow')
      .step(S.pick('topic'))
      .step(S.compute({ size: (state) => String(state['topic']).length }))
      .step(function normalize() {
        return { mood: 'calm' }
      })
      .step(Agent('writer').instruct('Write about {mood}.').writes('draft'))
      .step(
        Route('draft')
          .eq(
            '',
            Fallback('retry')
              .attempt(timeout(Agent('fast'), 500))
              .attempt(Agent('slow')),
          )
          .otherwise(race(Agent('a'), Agent('b'))),
      )
      .step(mapOver('drafts', Agent('summarizer').instruct('Sum {item}.')))
      .initialState('topic', 'drafts')
    expect(flow.toAscii()).toBe(
      [
        'flow (Pipeline)',
        `├── pick_topic (Transform: S.pick('topic'))  reads: topic`,
        '├── compute_size (Transform: S.compute({ size: size }))  reads: (not declared)  writes: size',
        '├── normalize (Function: normalize(state))  reads: (not declared)  writes: (not declared)',
        '├── writer (Agent)  reads: mood  writes: draft',
        '├── route_draft (Route: on draft)  reads: draft',
        `│   ├── eq '' → retry (Fallback)`,
        '│   │   ├── attempt 1 → fast_timeout (Timeout: 500 ms)',
        '│   │   │   └── fast (Agent)',
        '│   │   └── attempt 2 → slow (Agent)',
        '│   └── otherwise → race_a_b (Race)',
        '│       ├── race → a (Agent)',
        '│       └── race → b (Agent)',
        '└── map_drafts (MapOver: drafts → results)  reads: drafts  writes: results',
        '    └── summarizer (Agent)  reads: item',
        '',
        'Data flow:',
        '  (initial state) --[topic]--> pick_topic',
        '  normalize --[mood (maybe)]--> writer',
        '  writer --[draft]--> route_draft',
        '  (initial state) --[drafts]--> map_drafts',
        '  map_drafts --[item]--> summarizer',
      ].join('\n'),
    )
  })

  it('shows transfer targets of an agent', () => {
    expect(Agent('front').subAgents(Agent('billing'), Agent('sales')).toAscii()).toBe(
      ['front (Agent)', '├── transfer → billing (Agent)', '└── transfer → sales (Agent)'].join('\n'),
    )
  })
})
