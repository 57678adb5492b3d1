/**
 * The agent tree of the durable-workers example: plan → write → edit, a fluent pipeline. Offline, each model call
 * is scripted and takes `delayMs`, and prints which worker made it, so you can watch runs move between workers.
 */
import type { LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'

/** The app name the workers and the client share. */
export const APP = 'durable-workers'

const replies: Record<string, string> = {
  planner: '1. Say what a heat pump is. 2. Say why it saves energy.',
  writer: 'A heat pump moves heat instead of making it, so it delivers three units of heat per unit of electricity.',
  editor: 'A heat pump moves heat rather than making it: about three units of heat for each unit of electricity.',
}

/** A scripted model whose every call waits `delayMs`, prints `[worker] agent: topic`, then answers. */
export function slowScriptedModel(
  workerId: string,
  delayMs: number,
  print: (line: string) => void = (line) => console.log(line),
): ScriptedLlm {
  const reply = (agent: string) => async (request: LlmRequest) => {
    const topic = JSON.stringify(request.contents[0]?.parts?.[0]?.text ?? '')
    print(`[${workerId}] ${agent}: ${topic}`)
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    return replies[agent] as string
  }
  const script: Record<string, ReturnType<typeof reply>[]> = {}
  for (const agent of Object.keys(replies)) script[agent] = Array.from({ length: 1000 }, () => reply(agent))
  return new ScriptedLlm(script)
}

/** The pipeline on a model. */
export function createPipeline(model: ScriptedLlm | string) {
  return Pipeline('explainer')
    .step(Agent('planner', model).instruct('Plan a two-sentence explanation of the user question.').writes('plan'))
    .step(Agent('writer', model).instruct('Write the explanation following the plan: {plan}').writes('draft'))
    .step(Agent('editor', model).instruct('Tighten this draft: {draft}').writes('answer'))
}
