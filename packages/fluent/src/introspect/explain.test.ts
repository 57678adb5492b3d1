import { describe, expect, it } from 'vitest'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import * as S from '../namespaces/state/index.js'
import { subjects } from './test-subjects.test-helper.js'

const inherited = "(not set — the nearest ancestor agent's, else the default gemini-2.5-flash)"

/** The block of an agent that runs with the full history and writes `key`, indented by two. */
function plainAgent(name: string, instruction: string, variables: string, key: string): string[] {
  return [
    `  Agent: ${name}`,
    `    Model: ${inherited}`,
    `    Instruction: ${instruction}`,
    `    Template variables: ${variables}`,
    '    Data flow:',
    '      reads:    full conversation history (default)',
    '      accepts:  (not set — accepts any input as tool)',
    '      returns:  plain text (default — can use tools)',
    `      writes:   state['${key}']`,
    '      contract: (not set)',
    '    Tools: (none)',
    '    Callbacks: (none)',
    '    Children: (none)',
  ]
}

describe('explain(): exact text', () => {
  it('explains a classifier, with its contract issues', () => {
    expect(subjects.classifier.explain()).toBe(
      [
        'Agent: classifier',
        '  Model: gemini-2.5-flash',
        '  Instruction: Classify: {query}',
        '  Template variables: required: query',
        '  Data flow:',
        "    reads:    C.none() — history suppressed + C.fromState('query') — state keys only",
        '    accepts:  (not set — accepts any input as tool)',
        "    returns:  structured JSON → { category: 'billing' | 'tech', confidence: number }",
        "    writes:   state['intent']",
        '    contract: (not set)',
        '  Tools: (none)',
        '  Callbacks: (none)',
        '  Children: (none)',
        '  Contract issues (1):',
        `    [WARNING] classifier: state key "query" is read by "classifier" ({query} in the instruction) but no step writes it; it must come from the caller's initial state.`,
        `              Hint: Write it in an earlier step (for example .writes('query') on an agent before "classifier"), or declare it as initial state with .initialState('query') (or check({ initialState: ['query'] })).`,
        '              Path: classifier.instruct',
      ].join('\n'),
    )
  })

  it('explains a .reads() writer; declared input silences the issues', () => {
    expect(subjects.readsWriter.initialState('topic', 'findings', 'tone').explain()).toBe(
      [
        'Agent: writer',
        '  Model: gemini-2.5-flash',
        '  Instruction: Write about {topic}.',
        '  Template variables: required: topic',
        '  Data flow:',
        "    reads:    C.none() — history suppressed + C.fromState('findings', 'tone') — state keys only",
        '    accepts:  (not set — accepts any input as tool)',
        '    returns:  plain text (default — can use tools)',
        "    writes:   state['draft']",
        '    contract: (not set)',
        '  Tools: (none)',
        '  Callbacks: (none)',
        '  Children: (none)',
        '  Contract issues: (none)',
      ].join('\n'),
    )
  })

  it('explains a pipeline: its steps, then each child indented', () => {
    expect(subjects.pipeline.explain()).toBe(
      [
        'Pipeline: research',
        '  Callbacks: (none)',
        '  Children (3): researcher, rename_findings_to_notes, writer',
        '  Contract issues: (none)',
        '',
        ...plainAgent('researcher', 'Research {topic}.', 'required: topic', 'findings').map((line) =>
          line.replace('Tools: (none)', 'Tools (1): search'),
        ),
        '',
        '  Transform: rename_findings_to_notes (S.rename({"findings":"notes"}))',
        '    Reads: findings',
        '    Writes: notes',
        '',
        '  Agent: writer',
        `    Model: ${inherited}`,
        '    Instruction: Write about {topic}.',
        '    Template variables: required: topic',
        '    Data flow:',
        "      reads:    C.none() — history suppressed + C.fromState('notes') — state keys only",
        '      accepts:  (not set — accepts any input as tool)',
        '      returns:  plain text (default — can use tools)',
        "      writes:   state['draft']",
        '      contract: (not set)',
        '    Tools: (none)',
        '    Callbacks: (none)',
        '    Children: (none)',
      ].join('\n'),
    )
  })

  it('explains a fan-out', () => {
    expect(subjects.fanOut.explain()).toBe(
      [
        'FanOut: gather',
        '  Callbacks: (none)',
        '  Children (2): web, papers',
        '  Contract issues: (none)',
        '',
        ...plainAgent('web', 'Search the web for {topic}.', 'required: topic', 'web'),
        '',
        ...plainAgent('papers', 'Search papers on {topic}.', 'required: topic', 'papers'),
      ].join('\n'),
    )
  })

  it('explains a loop, with its limit', () => {
    expect(subjects.loop.explain()).toBe(
      [
        'Loop: refine (max 3)',
        '  Callbacks: (none)',
        '  Children (2): drafter, reviewer',
        '  Contract issues: (none)',
        '',
        ...plainAgent('drafter', 'Improve the draft using {feedback?}.', 'optional: feedback', 'draft'),
        '',
        '  Agent: reviewer',
        `    Model: ${inherited}`,
        '    Instruction: Review the draft.',
        '    Template variables: (none)',
        '    Data flow:',
        "      reads:    C.none() — history suppressed + C.fromState('draft') — state keys only",
        '      accepts:  (not set — accepts any input as tool)',
        '      returns:  plain text (default — can use tools)',
        "      writes:   state['feedback']",
        '      contract: (not set)',
        '    Tools: (none)',
        '    Callbacks: (none)',
        '    Children: (none)',
      ].join('\n'),
    )
  })

  it('shows descriptions, mock models, callbacks, transfer tools and sub-agents', () => {
    const agent = Agent('front')
      .describe('Front desk.')
      .mock(['Hi'])
      .beforeModel(() => undefined)
      .beforeModel(() => undefined)
      .proceedIf(() => true)
      .subAgents(Agent('billing'))
    const lines = agent.explain().split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'Agent: front',
      '  Description: Front desk.',
      '  Model: ScriptedLlm (mock: 1 reply)',
    ])
    expect(lines).toContain('  Tools (1): transfer_to_agent')
    expect(lines).toContain('  Callbacks: proceedIf ×1, beforeModel ×2')
    expect(lines).toContain('  Children (1): billing')
    expect(lines).toContain('  Agent: billing')
  })
})

describe('explain({ format: "json" })', () => {
  it('returns the same content as a plain object', () => {
    const report = subjects.classifier.explain({ format: 'json' })
    expect(report).toEqual({
      kind: 'Agent',
      name: 'classifier',
      path: ['classifier'],
      detail: null,
      description: null,
      model: 'gemini-2.5-flash',
      instruction: 'Classify: {query}',
      templateVariables: { required: ['query'], optional: [] },
      dataFlow: {
        reads: "C.none() — history suppressed + C.fromState('query') — state keys only",
        accepts: '(not set — accepts any input as tool)',
        returns: "structured JSON → { category: 'billing' | 'tech', confidence: number }",
        writes: "state['intent']",
        contract: '(not set)',
      },
      state: null,
      tools: [],
      callbacks: {},
      guards: [],
      middleware: [],
      children: [],
      issues: [expect.objectContaining({ level: 'warning', agent: 'classifier', path: ['classifier', 'instruct'] })],
    })
    expect(JSON.parse(JSON.stringify(report))).toEqual(report)
  })

  it('nests the children, with each subtree own issues and the state keys of steps', () => {
    const flow = Pipeline('flow')
      .step(S.set({ tone: 'dry' }))
      .step(Agent('writer').instruct('Write {topic}.'))
    const report = flow.explain({ format: 'json', initialState: [] })
    expect(report.children.map((child) => [child.kind, child.name, child.state])).toEqual([
      ['Transform', 'set_tone', { reads: [], writes: ['tone'] }],
      ['Agent', 'writer', null],
    ])
    expect(report.issues.map((issue) => issue.level)).toEqual(['error', 'info'])
    expect(report.children[1]?.issues.map((issue) => issue.level)).toEqual(['error'])
  })
})
