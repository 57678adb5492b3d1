import { afterEach, describe, expect, it, vi } from 'vitest'
import { trace } from '@opentelemetry/api'
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base'

afterEach(() => {
  trace.disable()
})

describe('tracing costs nothing without a tracer provider', () => {
  it('sees no provider when the application registered none, and sees one once it does', async () => {
    vi.resetModules()
    const { loadOtelApi, hasNoTracerProvider } = await import('./otel-api.js')
    const api = await loadOtelApi()
    expect(api).not.toBeNull()
    expect(hasNoTracerProvider(api!)).toBe(true)
    trace.setGlobalTracerProvider(new BasicTracerProvider())
    expect(hasNoTracerProvider(api!)).toBe(false)
  })

  it('a run without a provider builds no tracing for its invocation', async () => {
    vi.resetModules()
    const { InMemoryRunner } = await import('../runner/in-memory-runner.js')
    const { LlmAgent } = await import('../agents/llm-agent.js')
    const { ScriptedLlm, text } = await import('../testing/scripted-llm.js')
    const { BasePlugin } = await import('../plugins/base-plugin.js')
    const seen: unknown[] = []
    class Probe extends BasePlugin {
      override async beforeRunCallback({ invocationContext }: { invocationContext: { tracing?: unknown } }) {
        seen.push(invocationContext.tracing)
        return undefined
      }
    }
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([text('hi')]) })
    const runner = new InMemoryRunner({ agent, appName: 'app', plugins: [new Probe('probe')] })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    for await (const _ of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { parts: [{ text: 'hi' }] },
    }));
    expect(seen).toEqual([undefined])
  })
})
