import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  InMemoryMemoryService,
  InMemorySessionService,
  LlmAgent,
  LoadMemoryTool,
  PreloadMemoryTool,
  type LlmRequest,
} from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import * as T from './index.js'

function toolsOf(built: unknown): string[] {
  return (built as LlmAgent).tools.map((tool) => tool.constructor.name)
}

const instructionOf = (request: LlmRequest | undefined) => request?.config.systemInstruction ?? ''

describe('T.loadMemory() / T.preloadMemory()', () => {
  it("build into core's LoadMemoryTool and PreloadMemoryTool, fresh per build", () => {
    const builder = Agent('a').tools(T.loadMemory().add(T.preloadMemory({ limit: 5 })))
    const first = builder.build() as LlmAgent
    expect(toolsOf(first)).toEqual(['LoadMemoryTool', 'PreloadMemoryTool'])
    expect(first.tools[0]).toBeInstanceOf(LoadMemoryTool)
    expect((first.tools[1] as PreloadMemoryTool).limit).toBe(5)
    expect((builder.build() as LlmAgent).tools[0]).not.toBe(first.tools[0])
  })

  it('check a bad limit where it is written', () => {
    expect(() => T.loadMemory({ limit: -1 })).toThrow(ConfigError)
    expect(() => T.preloadMemory({ limit: 1.5 })).toThrow(/limit must be a positive integer/)
  })
})

describe('Agent.memory(mode) and .memoryAutoSave()', () => {
  it("'preload' (default), 'on-demand' and 'both' add the memory tools", () => {
    expect(toolsOf(Agent('a').memory().build())).toEqual(['PreloadMemoryTool'])
    expect(toolsOf(Agent('a').memory('on-demand').build())).toEqual(['LoadMemoryTool'])
    expect(toolsOf(Agent('a').memory('both').build())).toEqual(['PreloadMemoryTool', 'LoadMemoryTool'])
    expect(() => Agent('a').memory('always' as 'both')).toThrow(/unknown memory mode "always".*'on-demand'/)
  })

  it('a preloaded memory from an earlier run reaches the model; memoryAutoSave keeps runs for later ones', async () => {
    const memoryService = new InMemoryMemoryService()
    const llm = new ScriptedLlm([text('Noted, Lisbon.'), text('You live in Lisbon.')])
    const assistant = Agent('assistant', llm).instruct('Help the user.').memory()
    await assistant.ask('I moved to Lisbon last year.', { memoryService, memoryAutoSave: true, userId: 'ann' })
    expect(await assistant.ask('Do I live in Lisbon?', { memoryService, userId: 'ann' })).toBe('You live in Lisbon.')
    expect(instructionOf(llm.requests[1])).toContain('user: I moved to Lisbon last year.')
    expect(instructionOf(llm.requests[1])).toContain('assistant: Noted, Lisbon.')
  })

  it('T.preloadMemory({ onWarning }): a failing memory store is a warning, and the answer still comes', async () => {
    class BrokenMemory extends InMemoryMemoryService {
      override async searchMemory(): Promise<never> {
        throw new Error('store down')
      }
    }
    const warnings: string[] = []
    const answer = await Agent('assistant', new ScriptedLlm([text('Hi Ann.')]))
      .tools(T.preloadMemory({ onWarning: (message) => warnings.push(message) }))
      .ask('Hello', { memoryService: new BrokenMemory() })
    expect(answer).toBe('Hi Ann.')
    expect(warnings).toEqual([
      'Failed to preload memory for query: Hello (agent "assistant": store down); the model call goes on without memories.',
    ])
  })

  it('load_memory round trip through .ask()', async () => {
    const memoryService = new InMemoryMemoryService()
    // .ask() without a sessionService or appName runs as app "assistant" (the agent's name), user "user".
    await memoryService.addMemory({ appName: 'assistant', userId: 'user', memories: ['Favourite colour: teal.'] })
    await memoryService.addMemory({ appName: 'assistant', userId: 'bob', memories: ['Favourite colour: red.'] })
    await memoryService.addMemory({ appName: 'other_app', userId: 'user', memories: ['Favourite colour: grey.'] })
    const llm = new ScriptedLlm([call('load_memory', { query: 'favourite colour' }), text('Teal.')])
    const answer = await Agent('assistant', llm)
      .memory('on-demand')
      .ask('What is my favourite colour?', { memoryService })
    expect(answer).toBe('Teal.')
    const response = llm.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response as {
      memories: { content: { parts: { text: string }[] } }[]
    }
    expect(response.memories.map((memory) => memory.content.parts[0]?.text)).toEqual(['Favourite colour: teal.'])
  })

  it('.memoryAutoSave() adds the session after the agent runs; without a memory service the run says what is missing', async () => {
    const memoryService = new InMemoryMemoryService()
    const agent = Agent('keeper', new ScriptedLlm([text('Stored.')])).memoryAutoSave()
    await agent.ask('Remember the number 4217.', { memoryService, userId: 'ann' })
    const { memories } = await memoryService.searchMemory({ appName: 'keeper', userId: 'ann', query: '4217' })
    expect(memories.map((memory) => memory.author)).toEqual(['user'])
    await expect(agent.ask('x', { memoryAutoSave: true })).rejects.toThrow(/memoryAutoSave needs a memoryService/)
    const noMemory = Agent('keeper', new ScriptedLlm([text('Stored.')])).memoryAutoSave()
    await expect(noMemory.ask('Remember 4217.', { sessionService: new InMemorySessionService() })).rejects.toThrow(
      /Memory service is not available.*memoryService/,
    )
  })
})

describe('llmAnatomy shows memory', () => {
  const assistant = Agent('assistant').instruct('Help the user.').memory('both')

  it('what a preloaded memory adds, and the load_memory tool', async () => {
    const view = await assistant.llmAnatomy({
      userMessage: 'Which city do I live in?',
      memories: ['I live in Lisbon.', 'My cat is Miso.'],
    })
    expect(view).toContain('<PAST_CONVERSATIONS>')
    expect(view).toContain('I live in Lisbon.')
    expect(view).not.toContain('Miso')
    expect(view).toContain('load_memory(query: string)')
    expect(view).toContain(
      "preload_memory (no declaration): the memories matching the user's message are in the system instruction above",
    )
    expect(view).toContain('You have memory.')
  })

  it('says when no memory matched', async () => {
    const view = await assistant.llmAnatomy({ userMessage: 'Hello' })
    expect(view).not.toContain('<PAST_CONVERSATIONS>')
    expect(view).toContain("no memory matched the user's message")
  })
})
