import { describe, expect, it } from 'vitest'
import { ConfigError, InMemoryMemoryService, InMemoryRunner } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'

describe('.ask() keeps memories in their app', () => {
  it('memoryAutoSave without a session service saves under appName (default: the agent name), not InMemoryRunner', async () => {
    const memory = new InMemoryMemoryService()
    await Agent('hr_bot').mock(['Noted.']).ask('My salary is 9000 euros.', {
      memoryService: memory,
      memoryAutoSave: true,
      appName: 'hr',
      userId: 'ann',
    })
    await Agent('diary').mock(['Noted.']).ask('I walked to the salary office.', {
      memoryService: memory,
      memoryAutoSave: true,
      userId: 'ann',
    })
    const search = async (appName: string) =>
      (await memory.searchMemory({ appName, userId: 'ann', query: 'salary' })).memories.map(
        (entry) => entry.content.parts?.[0]?.text,
      )
    expect(await search('hr')).toEqual(['My salary is 9000 euros.'])
    expect(await search('diary')).toEqual(['I walked to the salary office.'])
    expect(await search('InMemoryRunner')).toEqual([])
  })

  it("an agent of another app on the same service and user is never shown the first app's memories", async () => {
    const memory = new InMemoryMemoryService()
    await Agent('hr_bot')
      .mock(['Noted.'])
      .ask('My salary is 9000 euros.', { memoryService: memory, memoryAutoSave: true, appName: 'hr', userId: 'ann' })
    const model = new ScriptedLlm(['I do not know.'])
    await Agent('chat')
      .model(model)
      .memory('both')
      .ask('What is my salary?', { memoryService: memory, appName: 'chat', userId: 'ann' })
    expect(model.requests[0]?.config.systemInstruction ?? '').not.toContain('9000')
    // The same app recalls it.
    const hr = new ScriptedLlm(['9000 euros.'])
    await Agent('hr_bot')
      .model(hr)
      .memory('preload')
      .ask('What is my salary?', { memoryService: memory, appName: 'hr', userId: 'ann' })
    expect(hr.requests[0]?.config.systemInstruction ?? '').toContain('user: My salary is 9000 euros.')
  })

  it("options that differ from a given runner's app name or services are a ConfigError naming each", async () => {
    const agent = Agent('helper').mock(['hi', 'hi'])
    const runner = new InMemoryRunner({ agent: agent.build(), appName: 'support' })
    const error = await agent
      .ask('hello', { runner, appName: 'hr', memoryService: new InMemoryMemoryService() })
      .catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(error) && error.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual(
      [
        ['runner_option_conflict', 'ask.appName'],
        ['runner_option_conflict', 'ask.memoryService'],
      ],
    )
    expect((error as Error).message).toContain('appName "hr" differs from the runner\'s own app name ("support")')
    expect(await agent.ask('hello', { runner, appName: 'support', memoryService: runner.memoryService })).toBe('hi')
  })
})
