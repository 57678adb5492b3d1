import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  FunctionTool,
  PlanReActPlanner,
  isBaseLlm,
  isLlmAgent,
  previewLlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import * as P from '../namespaces/prompt/index.js'
import * as C from '../namespaces/context/index.js'
import * as T from '../namespaces/tools/index.js'
import { Agent } from './workflow-factories.js'
import type { AgentBuilder } from './agent-builder.js'
import { isDeeplyFrozen, summarizeAgent } from '../compile/agent-summary.test-helper.js'

const noop = () => undefined
function getWeather({ city }: { city: string }) {
  return { city, sky: 'clear' }
}
function getTime() {
  return { time: '12:00' }
}
const weatherParameters = z.object({ city: z.string() })

describe('Agent: golden compiled output', () => {
  it('compiles a bare agent to an LlmAgent with defaults only', () => {
    const agent = Agent('writer').build()
    expect(isLlmAgent(agent)).toBe(true)
    expect(summarizeAgent(agent)).toEqual({ type: 'LlmAgent', name: 'writer' })
  })

  it('compiles model, describe, instruct, static, globalInstruct and writes to the core fields', () => {
    const agent = Agent('writer', 'gemini-2.5-flash')
      .describe('Writes drafts.')
      .instruct('Write about {topic}.')
      .static('You are a writer.')
      .globalInstruct('Be kind.')
      .writes('draft')
      .build()
    expect(summarizeAgent(agent)).toEqual({
      type: 'LlmAgent',
      name: 'writer',
      model: 'gemini-2.5-flash',
      description: 'Writes drafts.',
      instruction: 'Write about {topic}.',
      staticInstruction: 'You are a writer.',
      globalInstruction: 'Be kind.',
      outputKey: 'draft',
    })
  })

  it('passes a BaseLlm model and a function instruction through unchanged', () => {
    const llm = new ScriptedLlm([])
    const provider = () => 'dynamic'
    const agent = Agent('a').model(llm).instruct(provider).build()
    expect(agent.model).toBe(llm)
    expect(agent.instruction).toBe(provider)
  })

  it('compiles a static P prompt to the fixed string of API §2.4', () => {
    const prompt = P.role('You are a senior code reviewer.')
      .add(P.task('Review the provided code for bugs and style issues.'))
      .add(P.constraint('Be concise.', 'Focus on correctness.'))
    expect(Agent('reviewer').instruct(prompt).build().instruction).toBe(
      'You are a senior code reviewer.\n\nTask:\nReview the provided code for bugs and style issues.\n\nConstraints:\nBe concise.\nFocus on correctness.',
    )
  })

  it('compiles a dynamic P prompt to a provider evaluated against state', async () => {
    const agent = Agent('a')
      .instruct(P.task('Answer.').add(P.when('verbose', P.constraint('Explain every step.'))))
      .build()
    expect(typeof agent.instruction).toBe('function')
    const verbose = await previewLlmRequest(agent, { state: { verbose: true } })
    const terse = await previewLlmRequest(agent, { state: {} })
    expect(verbose.config.systemInstruction).toContain('Explain every step.')
    expect(terse.config.systemInstruction).not.toContain('Explain every step.')
  })

  it('compiles .reads() to includeContents none and the exact <conversation_context> block', async () => {
    const agent = Agent('writer').instruct('Write about {topic}.').reads('findings', 'tone').build()
    expect(summarizeAgent(agent)).toEqual({
      type: 'LlmAgent',
      name: 'writer',
      instruction: '<provider>',
      includeContents: 'isolated',
    })
    const request = await previewLlmRequest(agent, { state: { findings: 'F1', tone: 'formal', topic: 'cats' } })
    expect(request.config.systemInstruction).toContain(
      'Write about cats.\n\n<conversation_context>\n[findings]: F1\n[tone]: formal\n</conversation_context>',
    )
  })

  it('leaves absent keys out of the block and keeps history with keepHistory', async () => {
    const agent = Agent('writer').instruct('Go.').reads(['findings', 'tone'], { keepHistory: true }).build()
    expect(agent.includeContents).toBe('default')
    const request = await previewLlmRequest(agent, { state: { tone: 'formal' } })
    expect(request.config.systemInstruction).toContain(
      'Go.\n\n<conversation_context>\n[tone]: formal\n</conversation_context>',
    )
  })

  it('appends keys across .reads() calls', () => {
    expect(Agent('a').reads('x').reads('y', 'x').node.reads).toEqual({ keys: ['x', 'y'], keepHistory: false })
  })

  it('compiles .context(C) to its includeContents, combined with .reads()', async () => {
    expect(Agent('a').context(C.none()).build().includeContents).toBe('isolated')
    expect(Agent('a').context(C.default()).build().includeContents).toBe('default')
    expect(Agent('a').context(C.currentTurn()).build().includeContents).toBe('none')
    expect(
      Agent('a')
        .context(C.currentTurn().add(C.fromState('x')))
        .build().includeContents,
    ).toBe('none')
    // .reads() isolates, whatever else the context says.
    expect(Agent('a').context(C.currentTurn()).reads('x').build().includeContents).toBe('isolated')
    const agent = Agent('a').instruct('Hi {name}.').context(C.fromState('name')).reads('mood').build()
    expect(agent.includeContents).toBe('isolated')
    const request = await previewLlmRequest(agent, { state: { name: 'Ada', mood: 'glad' } })
    expect(request.config.systemInstruction).toContain(
      'Hi Ada.\n\n<conversation_context>\n[name]: Ada\n[mood]: glad\n</conversation_context>',
    )
  })

  it('compiles schemas to inputSchema/outputSchema and keeps produces/consumes in the node only', () => {
    const input = z.object({ question: z.string() })
    const output = z.object({ answer: z.string() })
    const contract = z.object({ draft: z.string() })
    const builder = Agent('a').accepts(input).returns(output).produces(contract).consumes(contract)
    const agent = builder.build()
    expect(agent.inputSchema).toBe(input)
    expect(agent.outputSchema).toBe(output)
    expect(builder.node.produces).toBe(contract)
    expect(builder.node.consumes).toBe(contract)
  })

  it('compiles sub-agents with parent links and the transfer policies', () => {
    const router = Agent('router').subAgents(Agent('billing'), Agent('support').stay()).noPeers()
    expect(summarizeAgent(router.build())).toEqual({
      type: 'LlmAgent',
      name: 'router',
      disallowTransferToPeers: true,
      subAgents: [
        { type: 'LlmAgent', name: 'billing' },
        { type: 'LlmAgent', name: 'support', disallowTransferToParent: true },
      ],
    })
    const built = router.build()
    expect(built.subAgents[0]?.parentAgent).toBe(built)
    expect(summarizeAgent(Agent('a').isolate().build())).toEqual({
      type: 'LlmAgent',
      name: 'a',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
  })

  it('compiles .tool() and .tools() to core tools, in the order added', () => {
    const existing = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({}) })
    const other = new FunctionTool({ name: 'lookup_more', description: 'Looks up more.', execute: () => ({}) })
    const agent = Agent('assistant')
      .tool(getWeather, { parameters: weatherParameters, description: 'Weather of a city.' })
      .tools(T.fn(getTime).add(T.mock('get_news', { returns: [] })))
      .tools([existing])
      .tool(other)
      .build()
    expect(agent.tools.map((tool) => tool.name)).toEqual(['getWeather', 'getTime', 'get_news', 'lookup', 'lookup_more'])
    expect(() => Agent('assistant').tools([existing]).tool(existing).build()).toThrow(/both named "lookup"/)
    expect(agent.tools[0]?.description).toBe('Weather of a city.')
    expect(agent.tools[3]).toBe(existing)
  })

  it('compiles .tool(fn, { confirm }) to a tool that asks for approval', () => {
    const builder = Agent('a').tool(getTime, { confirm: true })
    expect(builder.node.tools[0]?.kind).toBe('tool-composite')
    expect(builder.build().tools.map((tool) => tool.name)).toEqual(['getTime'])
  })

  it('compiles .agentTool() to an AgentTool named after the agent', () => {
    const agent = Agent('writer').agentTool(Agent('researcher').describe('Finds facts.')).build()
    expect(agent.tools.map((tool) => [tool.constructor.name, tool.name, tool.description])).toEqual([
      ['AgentTool', 'researcher', 'Finds facts.'],
    ])
  })

  it('passes planner and generateContentConfig through', () => {
    const planner = new PlanReActPlanner()
    const agent = Agent('a').planner(planner).generateContentConfig({ temperature: 0 }).build()
    expect(agent.planner).toBe(planner)
    expect(agent.generateContentConfig).toEqual({ temperature: 0 })
  })

  it('compiles .mock(script) to a fresh ScriptedLlm per build, and .model() replaces it', () => {
    const builder = Agent('a').mock(['hi'])
    const first = builder.build().model
    const second = builder.build().model
    expect(isBaseLlm(first) && first.model).toBe('scripted')
    expect(first).not.toBe(second)
    expect(builder.model('gemini-2.5-flash').build().model).toBe('gemini-2.5-flash')
    expect(Agent('a').model('gemini-2.5-flash').mock(['x']).node.model).toBeUndefined()
  })

  it('makes fresh core instances on every build', () => {
    const builder = Agent('a').subAgents(Agent('b'))
    const one = builder.build()
    const two = builder.build()
    expect(one).not.toBe(two)
    expect(one.subAgents[0]).not.toBe(two.subAgents[0])
  })
})

describe('Agent: callbacks', () => {
  const request = { context: {} as never, request: { contents: [], config: {}, toolsDict: {} } }
  const reply = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } })

  it('composes accumulated callbacks into one core callback where the first non-undefined result wins', async () => {
    const calls: string[] = []
    const agent = Agent('a')
      .beforeModel(() => void calls.push('first'))
      .beforeModel(() => (calls.push('second'), reply('short-circuit')))
      .beforeModel(() => (calls.push('third'), reply('never')))
      .build()
    expect(agent.beforeModelCallback).toHaveLength(1)
    expect(await agent.beforeModelCallback[0]?.(request)).toEqual(reply('short-circuit'))
    expect(calls).toEqual(['first', 'second'])
  })

  it('passes a single callback unchanged and compiles every callback kind', () => {
    const agent = Agent('a')
      .beforeAgent(noop)
      .afterAgent(noop)
      .beforeModel(noop)
      .afterModel(noop)
      .beforeTool(noop)
      .afterTool(noop)
      .build()
    expect(agent.beforeAgentCallback).toEqual([noop])
    expect(summarizeAgent(agent)).toEqual({
      type: 'LlmAgent',
      name: 'a',
      beforeAgentCallback: 1,
      afterAgentCallback: 1,
      beforeModelCallback: 1,
      afterModelCallback: 1,
      beforeToolCallback: 1,
      afterToolCallback: 1,
    })
  })

  it('composes .proceedIf() in front of the before-agent callbacks', () => {
    const agent = Agent('a')
      .beforeAgent(noop)
      .proceedIf(() => true)
      .build()
    expect(agent.beforeAgentCallback).toHaveLength(1)
    expect(agent.beforeAgentCallback[0]).not.toBe(noop)
  })
})

describe('Agent: immutability', () => {
  const base = Agent('base').instruct('Base.').writes('out').reads('x').beforeModel(noop)
  const schema = z.object({ a: z.string() })
  const calls: ReadonlyArray<readonly [string, (builder: AgentBuilder) => { readonly node: unknown }]> = [
    ['model', (b) => b.model('gemini-2.5-flash')],
    ['instruct', (b) => b.instruct('Other.')],
    ['describe', (b) => b.describe('d')],
    ['static', (b) => b.static('s')],
    ['globalInstruct', (b) => b.globalInstruct('g')],
    ['reads', (b) => b.reads('y')],
    ['reads with options', (b) => b.reads(['y'], { keepHistory: true })],
    ['context', (b) => b.context(C.window(2))],
    ['accepts', (b) => b.accepts(schema)],
    ['returns', (b) => b.returns(schema)],
    ['writes', (b) => b.writes('other')],
    ['produces', (b) => b.produces(schema)],
    ['consumes', (b) => b.consumes(schema)],
    ['tool', (b) => b.tool(getTime)],
    ['tools', (b) => b.tools(T.fn(getTime))],
    ['memory', (b) => b.memory('both')],
    ['memoryAutoSave', (b) => b.memoryAutoSave()],
    ['agentTool', (b) => b.agentTool(Agent('helper'))],
    ['subAgents', (b) => b.subAgents(Agent('child'))],
    ['isolate', (b) => b.isolate()],
    ['stay', (b) => b.stay()],
    ['noPeers', (b) => b.noPeers()],
    ['beforeAgent', (b) => b.beforeAgent(noop)],
    ['afterAgent', (b) => b.afterAgent(noop)],
    ['beforeModel', (b) => b.beforeModel(noop)],
    ['afterModel', (b) => b.afterModel(noop)],
    ['beforeTool', (b) => b.beforeTool(noop)],
    ['afterTool', (b) => b.afterTool(noop)],
    ['proceedIf', (b) => b.proceedIf(() => true)],
    ['planner', (b) => b.planner(new PlanReActPlanner())],
    ['generateContentConfig', (b) => b.generateContentConfig({ temperature: 1 })],
    ['mock', (b) => b.mock(['hi'])],
    ['then', (b) => b.then(Agent('next'))],
    ['parallel', (b) => b.parallel(Agent('next'))],
    ['times', (b) => b.times(2)],
    ['until', (b) => b.until(() => true)],
    ['fallback', (b) => b.fallback(Agent('next'))],
  ]

  it.each(calls)('%s returns a new frozen builder and leaves the receiver unchanged', (_, call) => {
    const before = base.node
    const snapshot = { ...before, callbacks: { ...before.callbacks }, reads: { ...before.reads } }
    const result = call(base)
    expect(result).not.toBe(base)
    expect(result.node).not.toBe(before)
    expect(base.node).toBe(before)
    expect(base.node).toEqual(snapshot)
    expect(isDeeplyFrozen(result.node)).toBe(true)
  })

  it('lets one builder be reused in many workflows', () => {
    const shared = Agent('shared').writes('x')
    const one = shared.then(Agent('a')).build()
    const two = shared.then(Agent('b')).build()
    expect(one.subAgents[0]).not.toBe(two.subAgents[0])
    expect(shared.node.writes).toBe('x')
  })
})
