import * as core from '../../index.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { ours as wf } from '../../workflow/adk-port/ours.test-helper.js'
import type { Any, PausePortImpl, Reply } from './pause-port-harness.test-helper.js'

/** adk-fluent's implementation of ADK 2.0's pause and resume API, as the ported cases use it. */
export const ours: PausePortImpl = {
  name: 'ours',
  adk: core,
  wf,
  model(replies) {
    const requests: Any[][] = []
    const queue: Reply[] = [...replies]
    const model = new (class extends core.BaseLlm {
      async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
        requests.push(JSON.parse(JSON.stringify(request.contents)))
        const reply = queue.shift()
        if (reply === undefined) return
        yield { content: { role: 'model', parts: typeof reply === 'string' ? [{ text: reply }] : reply } }
      }
    })({ model: 'scripted' })
    return { model, requests }
  },
  toolContext(options = {}) {
    return new core.Context({
      invocationContext: wf.createIc(),
      ...(options.functionCallId ? { functionCallId: options.functionCallId } : {}),
      ...(options.confirmed !== undefined ? { toolConfirmation: { hint: '', confirmed: options.confirmed } } : {}),
    })
  },
  declaration: (tool) => tool.getDeclaration(),
}
