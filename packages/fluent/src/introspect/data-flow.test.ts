import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import * as S from '../namespaces/state/index.js'
import * as C from '../namespaces/context/index.js'
import { subjects } from './test-subjects.test-helper.js'

describe('dataFlow(): exact output', () => {
  it('shows a classifier: .reads() context, the schema shape, the storage key', () => {
    expect(subjects.classifier.dataFlow()).toBe(
      [
        'Data Flow:',
        "  reads:    C.none() — history suppressed + C.fromState('query') — state keys only",
        '  accepts:  (not set — accepts any input as tool)',
        "  returns:  structured JSON → { category: 'billing' | 'tech', confidence: number }",
        "  writes:   state['intent']",
        '  contract: (not set)',
      ].join('\n'),
    )
  })

  it('shows a .reads() writer', () => {
    expect(subjects.readsWriter.dataFlow()).toBe(
      [
        'Data Flow:',
        "  reads:    C.none() — history suppressed + C.fromState('findings', 'tone') — state keys only",
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['draft']",
        '  contract: (not set)',
      ].join('\n'),
    )
  })

  it('shows one block per agent of a pipeline, skipping the transform', () => {
    expect(subjects.pipeline.dataFlow()).toBe(
      [
        'Data Flow: researcher',
        '  reads:    full conversation history (default)',
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['findings']",
        '  contract: (not set)',
        '',
        'Data Flow: writer',
        "  reads:    C.none() — history suppressed + C.fromState('notes') — state keys only",
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['draft']",
        '  contract: (not set)',
      ].join('\n'),
    )
  })

  it('shows one block per branch of a fan-out', () => {
    expect(subjects.fanOut.dataFlow()).toBe(
      [
        'Data Flow: web',
        '  reads:    full conversation history (default)',
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['web']",
        '  contract: (not set)',
        '',
        'Data Flow: papers',
        '  reads:    full conversation history (default)',
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['papers']",
        '  contract: (not set)',
      ].join('\n'),
    )
  })

  it('shows one block per step of a loop', () => {
    expect(subjects.loop.dataFlow()).toBe(
      [
        'Data Flow: drafter',
        '  reads:    full conversation history (default)',
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['draft']",
        '  contract: (not set)',
        '',
        'Data Flow: reviewer',
        "  reads:    C.none() — history suppressed + C.fromState('draft') — state keys only",
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        "  writes:   state['feedback']",
        '  contract: (not set)',
      ].join('\n'),
    )
  })

  it('shows the defaults of a bare agent, input schemas, contracts, .context() and .returns() with tools', () => {
    expect(Agent('bare').dataFlow()).toBe(
      [
        'Data Flow:',
        '  reads:    full conversation history (default)',
        '  accepts:  (not set — accepts any input as tool)',
        '  returns:  plain text (default — can use tools)',
        '  writes:   (not set — response only in conversation)',
        '  contract: (not set)',
      ].join('\n'),
    )
    const agent = Agent('tooling')
      .accepts(z.object({ question: z.string(), limit: z.number().optional() }))
      .returns(z.object({ answer: z.string() }).meta({ title: 'Answer' }))
      .produces(z.object({ findings: z.string(), sources: z.array(z.string()) }))
      .consumes(z.object({ topic: z.string() }))
      .context(C.window(3))
      .tool(function lookUp() {
        return 'x'
      })
    expect(agent.dataFlow().split('\n').slice(1)).toEqual([
      '  reads:    C.window(3) — last 3 turns',
      '  accepts:  { question: string, limit?: number }',
      '  returns:  structured JSON → Answer { answer: string }',
      '            with tools, no response schema is sent (models cannot combine the two): the model gets',
      '            a set_model_response tool whose parameters are this schema, and answers by calling it;',
      "            the call's arguments are the answer (the tool itself never runs)",
      '  writes:   (not set — response only in conversation)',
      '  contract: produces { findings: string, sources: string[] }; consumes { topic: string }',
    ])
  })

  it('says so for a workflow without LLM agents', () => {
    expect(
      Pipeline('setup')
        .step(S.set({ a: 1 }))
        .step(S.default({ b: 2 }))
        .dataFlow(),
    ).toBe('Data Flow: (no LLM agents in "setup")')
  })
})
