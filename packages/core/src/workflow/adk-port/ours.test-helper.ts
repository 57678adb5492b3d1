import * as core from '../../index.js'
import { InvocationContext } from '../../agents/invocation-context.js'
import { PluginManager } from '../../plugins/plugin-manager.js'
import { InMemorySessionService } from '../../sessions/in-memory-session-service.js'
import { ScriptedLlm, text } from '../../testing/scripted-llm.js'
import { getFunctionResponses } from '../../events/event.js'
import { isInvocationAbortedError } from '../workflow-errors.js'
import type { Any, PortImpl } from './port-harness.test-helper.js'

class IdleAgent extends core.BaseAgent {
  // eslint-disable-next-line require-yield
  protected async *runAsyncImpl(): AsyncGenerator<core.Event, void, undefined> {
    return
  }
}

/** adk-fluent's implementation of ADK 2.0's workflow API, as the ported cases use it. */
export const ours: PortImpl = {
  name: 'ours',
  adk: { ...core, getFunctionResponses },
  createIc(options = {}) {
    return new InvocationContext({
      invocationId: options.invocationId ?? 'inv-1',
      agent: new IdleAgent({ name: 'wf' }),
      session: { id: 's1', appName: 'app', userId: 'u', state: { ...options.state }, events: [], lastUpdateTime: 0 },
      sessionService: new InMemorySessionService(),
      pluginManager: new PluginManager(options.plugins ?? []),
      abortSignal: options.abortSignal,
    })
  },
  overridePlugin(result) {
    return new (class extends core.BasePlugin {
      constructor() {
        super('override')
      }
      override async beforeToolCallback(): Promise<Record<string, unknown>> {
        return result
      }
    })()
  },
  echoAgent(name, reply) {
    return new (class extends core.BaseAgent {
      protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<core.Event, void, undefined> {
        yield core.createEvent({
          author: this.name,
          invocationId: ctx.invocationId,
          content: { role: 'model', parts: [{ text: reply }] },
          output: reply,
        })
      }
    })({ name, description: `echoes ${reply}` })
  },
  capturingAgent(name, seen) {
    return new (class extends core.BaseAgent {
      // eslint-disable-next-line require-yield
      protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<core.Event, void, undefined> {
        seen(ctx)
      }
    })({ name })
  },
  replyAgent(name, reply, options) {
    const model = new ScriptedLlm(Array.from({ length: 20 }, () => text(reply)))
    return new core.LlmAgent({ name, model, ...(options?.outputKey ? { outputKey: options.outputKey } : {}) })
  },
  async runViaRunner(root: Any, message, onEvent) {
    const runner = new core.InMemoryRunner({ agent: root, appName: 'test_app' })
    const session = await runner.sessionService.createSession({ appName: 'test_app', userId: 'u1' })
    const events: Any[] = []
    for await (const event of runner.runAsync({
      userId: 'u1',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: message }] },
    })) {
      events.push(event)
      onEvent?.(event)
    }
    const stored = await runner.sessionService.getSession({ appName: 'test_app', userId: 'u1', sessionId: session.id })
    return { events, state: { ...stored?.state } }
  },
  isInvocationAbortedError,
}
