import * as adk from '@google/adk'
import type {
  Any,
  PausePortImpl,
  Reply,
} from '../../../packages/core/src/pause/adk-port/pause-port-harness.test-helper.js'
import { google as wf } from './google-impl.js'

/** `@google/adk` 2.0.0's implementation of the pause and resume API, as the ported cases use it. */
export const googlePause: PausePortImpl = {
  name: 'google',
  adk: adk as Any,
  wf,
  model(replies) {
    const requests: Any[][] = []
    const queue: Reply[] = [...replies]
    const model = new (class extends adk.BaseLlm {
      async *generateContentAsync(request: adk.LlmRequest): AsyncGenerator<adk.LlmResponse, void, undefined> {
        requests.push(JSON.parse(JSON.stringify(request.contents)))
        const reply = queue.shift()
        if (reply === undefined) return
        yield { content: { role: 'model', parts: typeof reply === 'string' ? [{ text: reply }] : reply } }
      }
      async connect(): Promise<never> {
        throw new Error('not live')
      }
    })({ model: 'scripted' })
    return { model, requests }
  },
  toolContext(options = {}) {
    return new adk.Context({
      invocationContext: wf.createIc(),
      ...(options.functionCallId ? { functionCallId: options.functionCallId } : {}),
      ...(options.confirmed !== undefined
        ? { toolConfirmation: new adk.ToolConfirmation({ confirmed: options.confirmed }) }
        : {}),
    })
  },
  declaration: (tool) => tool._getDeclaration(),
}
