import { describe, expect, it } from 'vitest'
import { Agent, Fallback, Pipeline, Route } from '../builders/workflow-factories.js'
import { gate, mapOver, race, tap, timeout } from '../builders/flow-helpers.js'
import * as A from '../namespaces/artifacts/index.js'
import * as S from '../namespaces/state/index.js'
import { subjects } from './test-subjects.test-helper.js'

describe('toMermaid(): exact output', () => {
  it('draws a single agent, with the input it needs from outside', () => {
    expect(subjects.classifier.toMermaid()).toBe(
      [
        'flowchart TD',
        '    n1["classifier (Agent)"]',
        '    missing[("not written")]',
        '    missing -. "query" .-> n1',
      ].join('\n'),
    )
    expect(subjects.readsWriter.toMermaid().split('\n').at(-1)).toBe('    missing -. "topic, findings, tone" .-> n1')
  })

  it('draws a pipeline as a subgraph with data-flow edges labelled by key', () => {
    expect(subjects.pipeline.toMermaid()).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["research (Pipeline)"]',
        '        n2["researcher (Agent)"]',
        '        n3>"rename_findings_to_notes (Transform: S.rename({#quot;findings#quot;:#quot;notes#quot;}))"]',
        '        n4["writer (Agent)"]',
        '    end',
        '    n2 --> n3',
        '    n3 --> n4',
        '    initial[("initial state")]',
        '    initial -. "topic" .-> n2',
        '    n2 -. "findings" .-> n3',
        '    initial -. "topic" .-> n4',
        '    n3 -. "notes" .-> n4',
      ].join('\n'),
    )
  })

  it('draws a fan-out', () => {
    expect(subjects.fanOut.toMermaid()).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["gather (FanOut)"]',
        '        n2["web (Agent)"]',
        '        n3["papers (Agent)"]',
        '    end',
        '    initial[("initial state")]',
        '    initial -. "topic" .-> n2',
        '    initial -. "topic" .-> n3',
      ].join('\n'),
    )
  })

  it('draws a loop with its repeat edge and the key fed back to the next iteration', () => {
    expect(subjects.loop.toMermaid()).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["refine (Loop: max 3)"]',
        '        n2["drafter (Agent)"]',
        '        n3["reviewer (Agent)"]',
        '    end',
        '    n2 --> n3',
        '    n3 == "repeat, max 3" ==> n2',
        '    n3 -. "feedback" .-> n2',
        '    n2 -. "draft" .-> n3',
      ].join('\n'),
    )
  })

  it('never crashes on opaque transforms and functions (S.pick, S.compute, plain function steps)', () => {
    const flow = Pipeline('flow')
      .step(S.pick('topic'))
      .step(S.compute({ size: (state) => String(state['topic']).length }))
      .step(function normalize(state) {
        return { topic: String(state['topic']).trim() }
      })
      .step(Agent('writer').instruct('Write {size} words on {topic}.').writes('draft'))
      .step(tap(function logDraft() {}))
      .step(
        Route('draft')
          .contains('TODO', Agent('fixer').reads('draft').writes('draft'))
          .otherwise(Agent('publisher').reads('draft')),
      )
      .initialState('topic')
    expect(flow.toMermaid()).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["flow (Pipeline)"]',
        `        n2>"pick_topic (Transform: S.pick('topic'))"]`,
        '        n3>"compute_size (Transform: S.compute({ size: size }))"]',
        '        n4[/"normalize (Function: normalize(state))"/]',
        '        n5["writer (Agent)"]',
        '        n6[/"tap (Tap: logDraft(state))"/]',
        '        n7{"route_draft (Route: on draft)"}',
        '        n8["fixer (Agent)"]',
        '        n9["publisher (Agent)"]',
        '    end',
        `    n7 -- "contains 'TODO'" --> n8`,
        '    n7 -- "otherwise" --> n9',
        '    n2 --> n3',
        '    n3 --> n4',
        '    n4 --> n5',
        '    n5 --> n6',
        '    n6 --> n7',
        '    initial[("initial state")]',
        '    initial -. "topic" .-> n2',
        '    n3 -. "size" .-> n5',
        '    initial -. "topic" .-> n5',
        '    n5 -. "draft" .-> n7',
        '    n5 -. "draft" .-> n8',
        '    n5 -. "draft" .-> n9',
      ].join('\n'),
    )
  })

  it('draws fallbacks, timeouts, races, gates, artifacts, map-over and agent tools', () => {
    const misc = Pipeline('misc')
      .step(
        Fallback('answer')
          .attempt(timeout(Agent('fast'), 1000))
          .attempt(Agent('slow')),
      )
      .step(race(Agent('a'), Agent('b')))
      .step(gate(() => true, { message: 'Proceed?' }))
      .step(A.save('out.txt', 'x'))
      .step(mapOver('docs', Agent('summarizer').instruct('Sum {item}.').writes('summary'), { outputKey: 'sums' }))
      .step(Agent('helper').agentTool(Agent('lookup').writes('found')))
    const lines = misc.toMermaid().split('\n')
    expect(lines).toContain('        n2[/"answer (Fallback)"\\]')
    expect(lines).toContain('        subgraph n3 ["fast_timeout (Timeout: 1000 ms)"]')
    expect(lines).toContain('    n2 -- "attempt 2" --> n5')
    expect(lines).toContain('    n4 --> n6')
    expect(lines).toContain('    n5 --> n6')
    expect(lines).toContain('        n9{{"gate_gate (Gate: key gate)"}}')
    expect(lines).toContain(`        n10[("save_out_txt (Artifact: A.save('out.txt', 'x'))")]`)
    expect(lines).toContain('    n11 -- "each item" --> n12')
    expect(lines).toContain('    n11 -. "item" .-> n12')
    expect(lines).toContain('    n13 -- "tool" --> n14')
  })

  it('escapes quotes and angle brackets in labels', () => {
    expect(
      Pipeline('p')
        .step(Agent('a'))
        .step(S.set({ note: '<b>"hi"</b>' }))
        .toMermaid(),
    ).toContain(
      'n3>"set_note (Transform: S.set({#quot;note#quot;:#quot;#lt;b#gt;\\#quot;hi\\#quot;#lt;/b#gt;#quot;}))"]',
    )
  })
})
