import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import { getFunctionDeclarations } from '../models/llm-request.js'
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js'
import { LOAD_MEMORY_INSTRUCTION } from '../memory/memory-prompt.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { Runner } from '../runner/runner.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { ScriptedLlm, call, text } from '../testing/scripted-llm.js'
import { previewLlmRequest } from '../flows/preview-llm-request.js'
import { AgentTool } from './agent-tool.js'
import { FunctionTool } from './function-tool.js'
import { LoadMemoryTool } from './load-memory-tool.js'
import { PreloadMemoryTool } from './preload-memory-tool.js'

const APP = 'memory_app'

async function turn(runner: Runner, userId: string, message: string, sessionId?: string): Promise<Event[]> {
  const id = sessionId ?? (await runner.sessionService.createSession({ appName: APP, userId })).id
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId,
    sessionId: id,
    newMessage: { role: 'user', parts: [{ text: message }] },
  }))
    events.push(event)
  return events
}

function runnerOf(agent: LlmAgent, memoryService: InMemoryMemoryService | undefined, memoryAutoSave = false): Runner {
  return new Runner({
    appName: APP,
    agent,
    sessionService: new InMemorySessionService(),
    ...(memoryService ? { memoryService, memoryAutoSave } : {}),
  })
}

const responseOf = (events: Event[], name: string) =>
  events.flatMap((event) => event.content?.parts ?? []).find((part) => part.functionResponse?.name === name)
    ?.functionResponse?.response

describe('LoadMemoryTool', () => {
  it('is declared as load_memory({ query }) and tells the model it has memory', async () => {
    const tool = new LoadMemoryTool()
    expect(tool.name).toBe('load_memory')
    expect(tool.getDeclaration()).toMatchObject({
      name: 'load_memory',
      description: 'Loads the memory for the current user.',
      parameters: { type: 'OBJECT', properties: { query: { type: 'STRING' } }, required: ['query'] },
    })
    const agent = new LlmAgent({
      name: 'assistant',
      model: new ScriptedLlm([]),
      instruction: 'Be kind.',
      tools: [tool],
    })
    const request = await previewLlmRequest(agent)
    expect(request.config.systemInstruction).toContain(LOAD_MEMORY_INSTRUCTION)
    expect(getFunctionDeclarations(request).map((declaration) => declaration.name)).toEqual(['load_memory'])
  })

  it('round trip: the model calls load_memory and gets the memories of this user only', async () => {
    const memory = new InMemoryMemoryService()
    await memory.addMemory({ appName: APP, userId: 'ann', memories: ['Ann drinks green tea every morning.'] })
    await memory.addMemory({ appName: APP, userId: 'bob', memories: ['Bob drinks black tea.'] })
    await memory.addMemory({ appName: 'other_app', userId: 'ann', memories: ['Ann drinks tea at work.'] })
    const llm = new ScriptedLlm([call('load_memory', { query: 'what tea?' }), text('Green tea.')])
    const events = await turn(
      runnerOf(new LlmAgent({ name: 'assistant', model: llm, tools: [new LoadMemoryTool()] }), memory),
      'ann',
      'Which tea do I like?',
    )
    const response = responseOf(events, 'load_memory') as { memories: { content: { parts: { text: string }[] } }[] }
    expect(response.memories.map((memory) => memory.content.parts[0]?.text)).toEqual([
      'Ann drinks green tea every morning.',
    ])
    const second = llm.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse
    expect(second?.name).toBe('load_memory')
    expect(second?.response).toEqual(response)
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Green tea.')
  })

  it('without a memory service, load_memory answers an error saying so and the run goes on', async () => {
    const llm = new ScriptedLlm([call('load_memory', { query: 'tea' }), text('I cannot remember.')])
    const events = await turn(
      runnerOf(new LlmAgent({ name: 'assistant', model: llm, tools: [new LoadMemoryTool()] }), undefined),
      'ann',
      'hi',
    )
    const response = responseOf(events, 'load_memory') as { error: string }
    expect(response.error).toMatch(/Memory service is not available/)
    expect(response.error).toMatch(/memoryService/)
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('I cannot remember.')
  })

  it('takes a limit: the newest matches', async () => {
    const memory = new InMemoryMemoryService()
    await memory.addMemory({
      appName: APP,
      userId: 'ann',
      memories: [1, 2, 3].map((n) => ({
        content: { parts: [{ text: `fact ${n}` }] },
        timestamp: new Date(n * 1000).toISOString(),
      })),
    })
    const llm = new ScriptedLlm([call('load_memory', { query: 'fact' }), text('ok')])
    const events = await turn(
      runnerOf(new LlmAgent({ name: 'a', model: llm, tools: [new LoadMemoryTool({ limit: 2 })] }), memory),
      'ann',
      'hi',
    )
    const response = responseOf(events, 'load_memory') as { memories: { content: { parts: { text: string }[] } }[] }
    expect(response.memories.map((memory) => memory.content.parts[0]?.text)).toEqual(['fact 2', 'fact 3'])
    expect(() => new LoadMemoryTool({ limit: 0 })).toThrow(/limit must be a positive integer/)
    expect(new LoadMemoryTool().limit).toBe(50)
    expect(new PreloadMemoryTool().limit).toBe(50)
    expect(new PreloadMemoryTool({ limit: Infinity }).limit).toBeUndefined()
  })
})

describe('PreloadMemoryTool', () => {
  it("adds the memories matching the user's message to the system instruction, and declares nothing", async () => {
    const memory = new InMemoryMemoryService()
    await memory.addMemory({
      appName: APP,
      userId: 'ann',
      memories: [
        {
          content: { role: 'user', parts: [{ text: 'My cat is called Miso.' }] },
          author: 'user',
          timestamp: '2025-01-02T03:04:05.000Z',
        },
        'I live in Lisbon.',
      ],
    })
    const llm = new ScriptedLlm([text('Miso!')])
    const agent = new LlmAgent({
      name: 'assistant',
      model: llm,
      instruction: 'Answer briefly.',
      tools: [new PreloadMemoryTool()],
    })
    await turn(runnerOf(agent, memory), 'ann', "What is my cat's name?")
    const request = llm.requests[0]
    const instruction = request?.config.systemInstruction ?? ''
    expect(instruction).toContain('Answer briefly.')
    expect(
      instruction.endsWith(
        [
          'Answer briefly.',
          '',
          'The following content is from your previous conversations with the user.',
          "They may be useful for answering the user's current query.",
          '<PAST_CONVERSATIONS>',
          'Time: 2025-01-02T03:04:05.000Z',
          'user: My cat is called Miso.',
          '</PAST_CONVERSATIONS>',
        ].join('\n'),
      ),
    ).toBe(true)
    expect(instruction).not.toContain('Lisbon')
    expect(getFunctionDeclarations(request!)).toEqual([])
    expect(request?.toolsDict['preload_memory']).toBeUndefined()
  })

  it('adds nothing when nothing matches', async () => {
    const memory = new InMemoryMemoryService()
    await memory.addMemory({ appName: APP, userId: 'ann', memories: ['I live in Lisbon.'] })
    const llm = new ScriptedLlm([text('Hello.')])
    await turn(
      runnerOf(new LlmAgent({ name: 'a', model: llm, instruction: 'Hi.', tools: [new PreloadMemoryTool()] }), memory),
      'ann',
      'weather today?',
    )
    expect(llm.requests[0]?.config.systemInstruction).toContain('Hi.')
    expect(llm.requests[0]?.config.systemInstruction).not.toContain('PAST_CONVERSATIONS')
  })

  it('without a memory service the run goes on without memories, and nothing is logged (ADK)', async () => {
    const warnings: string[] = []
    const llm = new ScriptedLlm([text('Hello.')])
    const tool = new PreloadMemoryTool({ onWarning: (message) => warnings.push(message) })
    const events = await turn(
      runnerOf(new LlmAgent({ name: 'rememberer', model: llm, tools: [tool] }), undefined),
      'ann',
      'hi',
    )
    expect(events.map((event) => event.content?.parts?.[0]?.text)).toEqual(['Hello.'])
    expect(llm.requests[0]?.config.systemInstruction ?? '').not.toContain('PAST_CONVERSATIONS')
    expect(warnings).toEqual([])
  })

  it('a memory search that throws is a warning; the model call goes on without memories (ADK logs and goes on)', async () => {
    class BrokenMemory extends InMemoryMemoryService {
      override async searchMemory(): Promise<never> {
        throw new Error('memory store unreachable')
      }
    }
    const warnings: string[] = []
    const llm = new ScriptedLlm([text('Hello.'), text('Hello again.')])
    const tool = new PreloadMemoryTool({ onWarning: (message) => warnings.push(message) })
    const runner = runnerOf(new LlmAgent({ name: 'rememberer', model: llm, tools: [tool] }), new BrokenMemory())
    const events = await turn(runner, 'ann', 'hi')
    expect(events.map((event) => [event.content?.parts?.[0]?.text, event.errorCode])).toEqual([['Hello.', undefined]])
    expect(llm.requests[0]?.config.systemInstruction ?? '').not.toContain('PAST_CONVERSATIONS')
    expect(warnings).toEqual([
      'Failed to preload memory for query: hi (agent "rememberer": memory store unreachable); the model call goes on without memories.',
    ])
    // The default sink is console.warn.
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const plain = runnerOf(
      new LlmAgent({ name: 'rememberer', model: llm, tools: [new PreloadMemoryTool()] }),
      new BrokenMemory(),
    )
    await turn(plain, 'ann', 'again')
    expect(spy.mock.calls.map((call) => String(call[0]))).toEqual([
      'Failed to preload memory for query: again (agent "rememberer": memory store unreachable); the model call goes on without memories.',
    ])
    spy.mockRestore()
  })

  it('onWarning must be a function', () => {
    expect(() => new PreloadMemoryTool({ onWarning: 'log' as never })).toThrow(
      /onWarning must be a function, got "log"/,
    )
  })

  it('previews show what a preloaded memory adds (previewLlmRequest memories)', async () => {
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([]), tools: [new PreloadMemoryTool()] })
    const request = await previewLlmRequest(agent, {
      userMessage: 'Which city?',
      memories: ['Lisbon is my city.', 'I like jazz.'],
    })
    expect(request.config.systemInstruction).toContain('<PAST_CONVERSATIONS>')
    expect(request.config.systemInstruction).toContain('Lisbon is my city.')
    expect(request.config.systemInstruction).not.toContain('jazz')
    const bare = await previewLlmRequest(agent, { userMessage: 'Which city?' })
    expect(bare.config.systemInstruction ?? '').not.toContain('PAST_CONVERSATIONS')
  })
})

describe('Runner memoryService', () => {
  it('memoryAutoSave adds each run to memory; a later session of the same user recalls it, another user does not', async () => {
    const memory = new InMemoryMemoryService()
    const llm = new ScriptedLlm([text('Noted: your dog is Rex.'), text('Rex.'), text('No idea.')])
    const runner = runnerOf(
      new LlmAgent({ name: 'assistant', model: llm, tools: [new PreloadMemoryTool()] }),
      memory,
      true,
    )
    await turn(runner, 'ann', 'My dog is called Rex.')
    const saved = await memory.searchMemory({ appName: APP, userId: 'ann', query: 'dog rex' })
    expect(saved.memories.map((entry) => [entry.author, entry.content.parts?.[0]?.text])).toEqual([
      ['user', 'My dog is called Rex.'],
      ['assistant', 'Noted: your dog is Rex.'],
    ])
    await turn(runner, 'ann', "What is my dog's name?")
    expect(llm.requests[1]?.config.systemInstruction).toContain('user: My dog is called Rex.')
    await turn(runner, 'bob', "What is my dog's name?")
    expect(llm.requests[2]?.config.systemInstruction ?? '').not.toContain('Rex')
  })

  it('without memoryAutoSave nothing is added by the run', async () => {
    const memory = new InMemoryMemoryService()
    await turn(
      runnerOf(new LlmAgent({ name: 'a', model: new ScriptedLlm([text('ok')]) }), memory),
      'ann',
      'remember apples',
    )
    expect((await memory.searchMemory({ appName: APP, userId: 'ann', query: 'apples' })).memories).toEqual([])
  })

  it('memoryAutoSave without a memoryService is a ConfigError', () => {
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([]) })
    expect(
      () => new Runner({ appName: APP, agent, sessionService: new InMemorySessionService(), memoryAutoSave: true }),
    ).toThrow(/memoryAutoSave needs a memoryService/)
  })

  it('InMemoryRunner has an in-memory memory service; context.searchMemory and context.addSessionToMemory use it', async () => {
    const recall = new FunctionTool({
      name: 'recall',
      description: 'Searches memory.',
      execute: async (_args, context) => (await context.searchMemory('plums')).memories.length,
    })
    const llm = new ScriptedLlm([text('I will remember plums.'), call('recall', {}), text('done')])
    const agent = new LlmAgent({
      name: 'a',
      model: llm,
      tools: [recall],
      afterAgentCallback: async (context) => {
        await context.addSessionToMemory()
        return undefined
      },
    })
    const runner = new InMemoryRunner({ agent, appName: APP })
    const session = await runner.sessionService.createSession({ appName: APP, userId: 'ann' })
    await turn(runner, 'ann', 'I like plums.', session.id)
    const found = await runner.memoryService.searchMemory({ appName: APP, userId: 'ann', query: 'plums' })
    expect(found.memories).toHaveLength(2)
    const events = await turn(runner, 'ann', 'recall please')
    expect(responseOf(events, 'recall')).toEqual({ result: 2 })
  })

  it("an AgentTool child recalls the calling app's memories (ADK's child app name would find none)", async () => {
    const memory = new InMemoryMemoryService()
    await memory.addMemory({ appName: APP, userId: 'ann', memories: ['The launch code is blue.'] })
    const childLlm = new ScriptedLlm([call('load_memory', { query: 'launch code' }), text('blue')])
    const child = new LlmAgent({
      name: 'librarian',
      description: 'Looks things up.',
      model: childLlm,
      tools: [new LoadMemoryTool()],
    })
    const parentLlm = new ScriptedLlm([call('librarian', { request: 'launch code?' }), text('It is blue.')])
    const parent = new LlmAgent({ name: 'boss', model: parentLlm, tools: [new AgentTool({ agent: child })] })
    const runner = new Runner({
      appName: APP,
      agent: parent,
      sessionService: new InMemorySessionService(),
      memoryService: memory,
    })
    await turn(runner, 'ann', 'what is the launch code?')
    const response = childLlm.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response as {
      memories?: unknown[]
      error?: string
    }
    expect(response.error).toBeUndefined()
    expect(response.memories).toEqual([
      expect.objectContaining({ content: { role: 'user', parts: [{ text: 'The launch code is blue.' }] } }),
    ])
  })
})
