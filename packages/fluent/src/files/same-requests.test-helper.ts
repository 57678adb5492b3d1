import type { ScriptEntry } from '@adk-fluent/core/testing'
import type { FlowBuilder } from '../builders/flow-builder.js'
import { previewLlmCalls } from '../introspect/llm-anatomy-preview.js'

/** What a model receives in each call of a previewed run: agent, model, contents, config (as JSON) and tool names. */
export async function modelRequests(
  builder: FlowBuilder<unknown>,
  options: {
    state?: Record<string, unknown>
    userMessage?: string
    replies?: Record<string, readonly ScriptEntry[]>
  } = {},
) {
  const { calls } = await previewLlmCalls(builder.node, options)
  return calls.map((call) => ({
    agent: call.agent,
    round: call.round,
    model: call.request.model,
    contents: call.request.contents,
    config: JSON.parse(JSON.stringify(call.request.config)) as unknown,
    tools: Object.keys(call.request.toolsDict),
  }))
}

/**
 * Asserts two builders are the same agent: equal requests in every model call of a previewed run, equal anatomy
 * (symbolic and resolved) and equal explain text. Returns the requests for further checks.
 */
export async function expectSameAgent(
  loaded: FlowBuilder<unknown>,
  written: FlowBuilder<unknown>,
  options: Parameters<typeof modelRequests>[1] = {},
  expect: (actual: unknown) => { toEqual(expected: unknown): void },
) {
  const requests = await modelRequests(loaded, options)
  expect(requests).toEqual(await modelRequests(written, options))
  expect(await loaded.llmAnatomy(options)).toEqual(await written.llmAnatomy(options))
  expect(loaded.llmAnatomy()).toEqual(written.llmAnatomy())
  expect(loaded.explain()).toEqual(written.explain())
  return requests
}

/** The error `run` throws (`undefined` when it returns). */
export function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}
