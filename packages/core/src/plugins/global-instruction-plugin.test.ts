import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { StateError } from '../errors/runtime-errors.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js'
import { GlobalInstructionPlugin } from './global-instruction-plugin.js'
import { PluginManager } from './plugin-manager.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function callbackContext(state: Record<string, unknown> = {}): Promise<Context> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user', state })
  const agent = new QuietAgent({ name: 'helper' })
  return new Context({
    invocationContext: new InvocationContext({ invocationId: 'e-1', agent, session, sessionService }),
  })
}

function requestWith(systemInstruction?: string): LlmRequest {
  const request = createLlmRequest()
  if (systemInstruction !== undefined) request.config.systemInstruction = systemInstruction
  return request
}

describe('GlobalInstructionPlugin', () => {
  it('injects state into a string and prepends it to the system instruction (spec 10.13 #120)', async () => {
    const plugin = new GlobalInstructionPlugin('Be nice to {user}')
    const llmRequest = requestWith('I')
    const result = await plugin.beforeModelCallback({
      callbackContext: await callbackContext({ user: 'Ann' }),
      llmRequest,
    })
    expect(result).toBeUndefined()
    expect(llmRequest.config.systemInstruction).toBe('Be nice to Ann\n\nI')
  })

  it('sets the system instruction when there is none', async () => {
    const plugin = new GlobalInstructionPlugin('Answer briefly.')
    const llmRequest = requestWith()
    await plugin.beforeModelCallback({ callbackContext: await callbackContext(), llmRequest })
    expect(llmRequest.config.systemInstruction).toBe('Answer briefly.')
  })

  it('uses a provider result as returned, without state injection', async () => {
    const plugin = new GlobalInstructionPlugin(async (context) => `Agent ${context.agentName} sees {raw}`)
    const llmRequest = requestWith('base')
    await plugin.beforeModelCallback({ callbackContext: await callbackContext(), llmRequest })
    expect(llmRequest.config.systemInstruction).toBe('Agent helper sees {raw}\n\nbase')
  })

  it('changes nothing when the instruction resolves to an empty string', async () => {
    const llmRequest = requestWith('base')
    await new GlobalInstructionPlugin('').beforeModelCallback({ callbackContext: await callbackContext(), llmRequest })
    await new GlobalInstructionPlugin(() => '').beforeModelCallback({
      callbackContext: await callbackContext(),
      llmRequest,
    })
    expect(llmRequest.config.systemInstruction).toBe('base')
  })

  it('reports a missing state key', async () => {
    const plugin = new GlobalInstructionPlugin('Hello {user}')
    await expect(
      plugin.beforeModelCallback({ callbackContext: await callbackContext(), llmRequest: requestWith() }),
    ).rejects.toThrow(StateError)
  })

  it('has its default name and never short-circuits the plugin chain', async () => {
    const plugin = new GlobalInstructionPlugin('G')
    expect(plugin.name).toBe('global_instruction')
    expect(new GlobalInstructionPlugin('G', 'house_rules').name).toBe('house_rules')
    const manager = new PluginManager([plugin])
    const llmRequest = requestWith('I')
    expect(
      await manager.run('beforeModelCallback', { callbackContext: await callbackContext(), llmRequest }),
    ).toBeUndefined()
    expect(llmRequest.config.systemInstruction).toBe('G\n\nI')
  })
})
