import * as adk from '@google/adk'
import type { Any, PortImpl } from '../../../packages/core/src/workflow/adk-port/port-harness.test-helper.js'

// @google/adk logs a deprecation warning for some constructors; the cases fail on console output.
adk.setLogLevel(adk.LogLevel.ERROR)

/** A model answering every call with the same text. */
class ReplyModel extends adk.BaseLlm {
  readonly #reply: string
  constructor(reply: string) {
    super({ model: 'scripted' })
    this.#reply = reply
  }
  async *generateContentAsync(): AsyncGenerator<adk.LlmResponse, void, undefined> {
    yield { content: { role: 'model', parts: [{ text: this.#reply }] } }
  }
  async connect(): Promise<never> {
    throw new Error('not live')
  }
}

/** `@google/adk` 2.0.0's implementation of the workflow API, as the ported cases use it. */
export const google: PortImpl = {
  name: 'google',
  adk: adk as Any,
  createIc(options = {}) {
    const session = adk.createSession({
      id: 's1',
      appName: 'app',
      userId: 'u',
      state: { ...options.state },
      lastUpdateTime: Date.now(),
    })
    const pluginManager = new adk.PluginManager()
    for (const plugin of options.plugins ?? []) pluginManager.registerPlugin(plugin)
    return new adk.InvocationContext({
      invocationId: options.invocationId ?? 'inv-1',
      session,
      pluginManager,
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    } as Any)
  },
  overridePlugin(result) {
    return new (class extends adk.BasePlugin {
      constructor() {
        super('override')
      }
      override async beforeToolCallback(): Promise<Record<string, unknown>> {
        return result
      }
    })()
  },
  echoAgent(name, reply) {
    return new (class extends adk.BaseAgent {
      protected async *runAsyncImpl(ctx: adk.InvocationContext): AsyncGenerator<adk.Event, void, void> {
        yield adk.createEvent({
          author: this.name,
          invocationId: ctx.invocationId,
          content: { role: 'model', parts: [{ text: reply }] },
          output: reply,
        })
      }
      // eslint-disable-next-line require-yield
      protected async *runLiveImpl(): AsyncGenerator<adk.Event, void, void> {
        return
      }
    })({ name, description: `echoes ${reply}` })
  },
  capturingAgent(name, seen) {
    return new (class extends adk.BaseAgent {
      // eslint-disable-next-line require-yield
      protected async *runAsyncImpl(ctx: adk.InvocationContext): AsyncGenerator<adk.Event, void, void> {
        seen(ctx)
      }
      // eslint-disable-next-line require-yield
      protected async *runLiveImpl(): AsyncGenerator<adk.Event, void, void> {
        return
      }
    })({ name })
  },
  replyAgent(name, reply, options) {
    return new adk.LlmAgent({
      name,
      model: new ReplyModel(reply),
      ...(options?.outputKey === undefined ? {} : { outputKey: options.outputKey }),
    })
  },
  async runViaRunner(root, message, onEvent) {
    const sessionService = new adk.InMemorySessionService()
    const session = await sessionService.createSession({ appName: 'test_app', userId: 'u1' })
    const runner = new adk.Runner({ appName: 'test_app', agent: root, sessionService })
    const events: Any[] = []
    for await (const event of runner.runAsync({
      userId: 'u1',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: message }] },
    })) {
      events.push(event)
      onEvent?.(event)
    }
    const stored = await sessionService.getSession({ appName: 'test_app', userId: 'u1', sessionId: session.id })
    return { events, state: { ...stored?.state } }
  },
  isInvocationAbortedError(error) {
    return (error as { name?: string } | null)?.name === 'InvocationAbortedError'
  },
}
