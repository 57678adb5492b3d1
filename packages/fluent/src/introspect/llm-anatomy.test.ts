import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '@adk-fluent/core'
import { call } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import * as C from '../namespaces/context/index.js'
import * as P from '../namespaces/prompt/index.js'
import { subjects } from './test-subjects.test-helper.js'

describe('llmAnatomy(): symbolic, exact output', () => {
  it('shows a classifier', () => {
    expect(subjects.classifier.llmAnatomy()).toBe(
      [
        'LLM Call Anatomy: classifier',
        '  1. System:     "Classify: {query}"',
        '                 → {query} templated from state at runtime',
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        "  3. Context:    C.none() — history suppressed + C.fromState('query') — state keys only",
        '                 → injected as <conversation_context> block in instruction',
        '  4. Tools:      (none)',
        "  5. Constraint: must return JSON { category: 'billing' | 'tech', confidence: number }",
        "  6. After:      response stored → state['intent'] (the parsed object); .ask() returns the parsed object",
      ].join('\n'),
    )
  })

  it('shows a .reads() writer', () => {
    expect(subjects.readsWriter.llmAnatomy()).toBe(
      [
        'LLM Call Anatomy: writer',
        '  1. System:     "Write about {topic}."',
        '                 → {topic} templated from state at runtime',
        '                 → after the identity line: You are an agent. Your internal name is "writer".',
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        "  3. Context:    C.none() — history suppressed + C.fromState('findings', 'tone') — state keys only",
        '                 → injected as <conversation_context> block in instruction',
        '  4. Tools:      (none)',
        '  5. Constraint: (none — free-form text response)',
        "  6. After:      response stored → state['draft']",
      ].join('\n'),
    )
  })

  it('shows every agent of a pipeline, with its tools', () => {
    expect(subjects.pipeline.llmAnatomy()).toBe(
      [
        'LLM Call Anatomy: researcher',
        '  1. System:     "Research {topic}."',
        '                 → {topic} templated from state at runtime',
        '                 → after the identity line: You are an agent. Your internal name is "researcher".',
        '  2. History:    FULL conversation history included (default)',
        '  3. Context:    (no context spec — agent sees history directly)',
        '  4. Tools:      search',
        '  5. Constraint: (none — free-form text response)',
        "  6. After:      response stored → state['findings']",
        '',
        'LLM Call Anatomy: writer',
        '  1. System:     "Write about {topic}."',
        '                 → {topic} templated from state at runtime',
        '                 → after the identity line: You are an agent. Your internal name is "writer".',
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        "  3. Context:    C.none() — history suppressed + C.fromState('notes') — state keys only",
        '                 → injected as <conversation_context> block in instruction',
        '  4. Tools:      (none)',
        '  5. Constraint: (none — free-form text response)',
        "  6. After:      response stored → state['draft']",
      ].join('\n'),
    )
  })

  it('shows every branch of a fan-out', () => {
    const branch = (name: string, instruction: string) => [
      `LLM Call Anatomy: ${name}`,
      `  1. System:     "${instruction}"`,
      '                 → {topic} templated from state at runtime',
      `                 → after the identity line: You are an agent. Your internal name is "${name}".`,
      '  2. History:    FULL conversation history included (default)',
      '  3. Context:    (no context spec — agent sees history directly)',
      '  4. Tools:      (none)',
      '  5. Constraint: (none — free-form text response)',
      `  6. After:      response stored → state['${name}']`,
    ]
    expect(subjects.fanOut.llmAnatomy()).toBe(
      [...branch('web', 'Search the web for {topic}.'), '', ...branch('papers', 'Search papers on {topic}.')].join(
        '\n',
      ),
    )
  })

  it('shows every step of a loop, optional templates marked', () => {
    expect(subjects.loop.llmAnatomy()).toBe(
      [
        'LLM Call Anatomy: drafter',
        '  1. System:     "Improve the draft using {feedback?}."',
        '                 → {feedback?} templated from state at runtime',
        '                 → after the identity line: You are an agent. Your internal name is "drafter".',
        '  2. History:    FULL conversation history included (default)',
        '  3. Context:    (no context spec — agent sees history directly)',
        '  4. Tools:      (none)',
        '  5. Constraint: (none — free-form text response)',
        "  6. After:      response stored → state['draft']",
        '',
        'LLM Call Anatomy: reviewer',
        '  1. System:     "Review the draft."',
        '                 → after the identity line: You are an agent. Your internal name is "reviewer".',
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        "  3. Context:    C.none() — history suppressed + C.fromState('draft') — state keys only",
        '                 → injected as <conversation_context> block in instruction',
        '  4. Tools:      (none)',
        '  5. Constraint: (none — free-form text response)',
        "  6. After:      response stored → state['feedback']",
      ].join('\n'),
    )
  })

  it('lists transfer_to_agent with its targets, and set_model_response for .returns() with tools', () => {
    const router = Agent('front').instruct('Route.').subAgents(Agent('billing'), Agent('support').isolate())
    const lines = router.llmAnatomy().split('\n')
    expect(lines.filter((line) => line.includes('4. Tools:'))).toEqual([
      '  4. Tools:      transfer_to_agent (to billing, support)',
      '  4. Tools:      transfer_to_agent (to front, support)',
      '  4. Tools:      (none)',
    ])
    const structured = Agent('solver')
      .returns(z.object({ answer: z.string() }))
      .tool(function lookUp() {
        return 1
      })
    expect(structured.llmAnatomy().split('\n').slice(4, 10)).toEqual([
      '  4. Tools:      lookUp, set_model_response (carries the final answer)',
      '  5. Constraint: must end by calling set_model_response with { answer: string }',
      '                 → with tools, no response schema is sent (models cannot combine the two): the model gets',
      '                   a set_model_response tool whose parameters are this schema, and answers by calling it;',
      "                   the call's arguments are the answer (the tool itself never runs)",
      '  6. After:      response in conversation history only; .ask() returns the parsed object',
    ])
  })

  it('shows P prompts as written, history policies, static and function instructions', () => {
    const prompt = Agent('reviewer')
      .instruct(P.role('You review code.').add(P.task('Review {code}.')))
      .context(C.window(2))
    expect(prompt.llmAnatomy().split('\n').slice(1, 10)).toEqual([
      '  1. System:     "You review code.',
      '',
      '                 Task:',
      '                 Review {code}."',
      '                 → {code} templated from state at runtime',
      '                 → after the identity line: You are an agent. Your internal name is "reviewer".',
      "  2. History:    SUPPRESSED natively (includeContents: 'isolated', set by .context()); the selected history is rendered into the instruction",
      '  3. Context:    C.window(2) — last 2 turns',
      '                 → injected as <conversation_context> block in instruction',
    ])
    function greeting() {
      return 'Hello.'
    }
    expect(Agent('greeter').instruct(greeting).static('You are kind.').llmAnatomy().split('\n').slice(1, 4)).toEqual([
      '  1. System:     "You are kind."',
      '                 → the static instruction; .instruct() text is then sent as a user message:',
      '                 "<function greeting — evaluated at run time>"',
    ])
    expect(Agent('keeper').reads(['notes'], { keepHistory: true }).llmAnatomy().split('\n')[3]).toBe(
      '  2. History:    FULL conversation history included (.reads() with keepHistory)',
    )
  })
})

describe('llmAnatomy(options): every call of a previewed run', () => {
  it('shows the resolved system instruction, the contents, the response schema and the stand-in reply', async () => {
    const text = await subjects.classifier.llmAnatomy({
      state: { query: 'refund please' },
      userMessage: 'I want my money back',
    })
    expect(text).toBe(
      [
        'LLM Call Anatomy: classifier — call 1 of 1',
        '  1. System:     "Classify: refund please',
        '',
        '                 <conversation_context>',
        '                 [query]: refund please',
        '                 </conversation_context>"',
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        '                 contents sent (1):',
        '                 [user] I want my money back',
        "  3. Context:    C.none() — history suppressed + C.fromState('query') — state keys only",
        '                 → rendered into the system instruction above',
        '  4. Tools:      (none)',
        "  5. Constraint: responseSchema (JSON) { category: 'billing' | 'tech', confidence: number }",
        '  6. Settings:   model: gemini-2.5-flash',
        '  7. Reply:      [model] {"category":"billing","confidence":0}',
        '                 (placeholder: give replies to change it)',
        "  8. After:      response stored → state['intent'] (the parsed object); .ask() returns the parsed object",
      ].join('\n'),
    )
  })

  it('shows the tool declarations, history and the transfer instruction core adds; only agents that run', async () => {
    const router = Agent('front')
      .instruct('Route the question.')
      .describe('Front desk.')
      .subAgents(Agent('billing').describe('Invoices.'))
    const options = {
      state: {},
      userMessage: 'Was I charged twice?',
      history: [
        { role: 'user', parts: [{ text: 'Hello' }] },
        { role: 'model', parts: [{ text: 'Hi, how can I help?' }] },
      ],
    }
    const text = await router.llmAnatomy(options)
    expect(text).toContain('  1. System:     "You are an agent. Your internal name is "front".')
    expect(text).toContain('                 Route the question.')
    expect(text).toContain('                 Agent name: billing')
    expect(text).toContain(
      [
        '                 contents sent (3):',
        '                 [user] Hello',
        '                 [model] Hi, how can I help?',
        '                 [user] Was I charged twice?',
      ].join('\n'),
    )
    expect(text).toContain('  4. Tools:      transfer_to_agent(agent_name: string)')
    expect(text.match(/^LLM Call Anatomy: /gm)).toEqual(['LLM Call Anatomy: '])
    const transferred = await router.llmAnatomy({
      ...options,
      replies: { front: [call('transfer_to_agent', { agent_name: 'billing' })] },
    })
    expect(transferred.match(/^LLM Call Anatomy: .*$/gm)).toEqual([
      'LLM Call Anatomy: front — call 1 of 2',
      'LLM Call Anatomy: billing — call 2 of 2',
    ])
    expect(transferred).toContain(
      '                 [user] [front] called tool `transfer_to_agent` with parameters: {"agent_name":"billing"}',
    )
  })

  it('a .reads() agent gets the user message, not the earlier agent’s reply; C.currentTurn() gets the reply', async () => {
    const researcher = Agent('researcher').instruct('Research.').writes('findings')
    const isolated = Pipeline('p').step(researcher).step(Agent('writer').instruct('Write.').reads('findings'))
    const options = { userMessage: 'honeybees', replies: { researcher: ['They dance.'] }, at: 'writer' }
    const text = await isolated.llmAnatomy(options)
    expect(text).toContain(
      [
        "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
        '                 contents sent (1):',
        '                 [user] honeybees',
      ].join('\n'),
    )
    expect(text).not.toContain('[researcher] said')
    const adkTurn = Pipeline('p').step(researcher).step(Agent('writer').instruct('Write.').context(C.currentTurn()))
    const turnText = await adkTurn.llmAnatomy(options)
    expect(turnText).toContain("  2. History:    CURRENT TURN only (includeContents: 'none', set by .context())")
    expect(turnText).toContain('[user] [researcher] said: They dance.')
    expect(adkTurn.dataFlow()).toContain("reads:    C.currentTurn() — current turn only (ADK includeContents: 'none')")
  })

  it('says in plain words that the answer goes through set_model_response when .returns() comes with tools', async () => {
    const agent = Agent('solver')
      .returns(z.object({ answer: z.string() }))
      .tool(
        function lookUp({ id }: { id: string }) {
          return id
        },
        { parameters: z.object({ id: z.string() }) },
      )
      .generateContentConfig({ temperature: 0.2 })
    const lines = (await agent.llmAnatomy({ state: {} })).split('\n')
    expect(lines.slice(5)).toEqual([
      '  3. Context:    (no context spec — agent sees history directly)',
      '  4. Tools:      lookUp(id: string)',
      '                 set_model_response(answer: string)',
      '  5. Constraint: final answer through the set_model_response tool (answer: string)',
      '                 → with tools, no response schema is sent (models cannot combine the two): the model gets',
      '                   a set_model_response tool whose parameters are this schema, and answers by calling it;',
      "                   the call's arguments are the answer (the tool itself never runs)",
      '                 → the system instruction above tells the model to call it',
      '  6. Settings:   model: gemini-2.5-flash',
      '                 temperature: 0.2',
      '  7. Reply:      [model] call set_model_response({"answer":"⟨solver\'s answer⟩"})',
      '                 (placeholder: give replies to change it)',
      '  8. After:      response in conversation history only; .ask() returns the parsed object',
    ])
  })

  it('shows one agent of a pipeline with at, with its round; the whole run still happens', async () => {
    const loop = Agent('writer')
      .instruct('Write about {topic}.')
      .writes('draft')
      .then(Agent('critic').instruct('Judge: {draft}'))
      .times(2)
    const text = await loop.llmAnatomy({ state: { topic: 'cats' }, userMessage: 'hi', at: 'critic' })
    expect(text.match(/^LLM Call Anatomy: .*$/gm)).toEqual([
      'LLM Call Anatomy: critic — call 2 of 4 (round 1)',
      'LLM Call Anatomy: critic — call 4 of 4 (its call 2, round 2)',
    ])
    expect(text).toContain(
      `  1. System:     "You are an agent. Your internal name is "critic".\n\n                 Judge: ⟨writer's reply⟩"`,
    )
    await expect(loop.llmAnatomy({ state: { topic: 'cats' }, at: 'nobody' })).rejects.toThrow(
      'agent "nobody" made no model call in this run (agents that did: writer, critic)',
    )
    await expect(loop.llmAnatomy({ state: { topic: 'cats' }, at: 'critc' })).rejects.toThrow('Did you mean "critic"?')
  })

  it('rejects a tree that cannot be built', async () => {
    await expect(Pipeline('empty').llmAnatomy({ state: {} })).rejects.toThrow(ConfigError)
  })
})
