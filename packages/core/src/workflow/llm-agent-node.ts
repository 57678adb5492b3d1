import type { Content } from '../models/genai-types.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import { createEvent, getFunctionCalls, type Event } from '../events/event.js'
import { isContent } from './base-node.js'
import type { NodeContext } from './node-context.js'

/**
 * Runs an LlmAgent as a workflow node (ADK 2.0's `runLlmAgentAsNode`): the node input is added as a user turn (an
 * event of the stream, stored like any other), the agent — unless its `includeContents` was configured — reads only
 * that turn onwards, and its final answer (the text; parsed JSON with an `outputSchema`) becomes the node's output.
 */
export async function* runLlmAgentAsNode(
  agent: LlmAgent,
  ctx: NodeContext,
  input: unknown,
  checkOutput: (output: unknown) => unknown,
): AsyncGenerator<Event, void, undefined> {
  if (input !== undefined && input !== null) {
    const turn = createEvent({ author: 'user', invocationId: ctx.invocationId, content: userContent(input) })
    if (ctx.branch !== undefined) turn.branch = ctx.branch
    yield turn
  }
  const base = ctx.getInvocationContext()
  const ic = agent.includeContentsExplicit ? base : base.clone({ contentsOverride: { agent, includeContents: 'none' } })
  for await (const event of agent.runAsync(ic)) {
    if (event.author === agent.name) setOutput(agent, event, checkOutput)
    yield event
  }
}

/** A final text answer of the agent becomes the node's output. */
function setOutput(agent: LlmAgent, event: Event, checkOutput: (output: unknown) => unknown): void {
  const content = event.content
  if (event.partial || !content?.parts || content.role !== 'model' || getFunctionCalls(event).length > 0) return
  let text = ''
  for (const part of content.parts) if (part.text && !part.thought) text += part.text
  let output: unknown = text
  if (agent.outputSchema && text.trim()) {
    try {
      output = JSON.parse(text)
    } catch {
      output = text
    }
  }
  event.output = checkOutput(output)
  event.nodeInfo = { ...event.nodeInfo, messageAsOutput: true }
}

function userContent(input: unknown): Content {
  if (isContent(input)) return { ...input, role: 'user' }
  return { role: 'user', parts: [{ text: typeof input === 'string' ? input : JSON.stringify(input) }] }
}
