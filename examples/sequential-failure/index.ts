/**
 * Sequential failure handling: A, B, C, D run in order. A calls a tool that fails and records a `failure` outcome;
 * B and C see the failure in a before-agent callback, record `skipped` and never call their model; D's instruction
 * injects all three outcomes and summarises what happened.
 */
import { FunctionTool, LlmAgent, SequentialAgent, type BaseLlm, type Context } from '@adk-fluent/core'
import { call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

/** The outcome an agent records: JSON text under `<agent>_outcome`. */
interface Outcome {
  status: 'success' | 'failure' | 'skipped'
  detail: string
}

function readOutcome(context: Context, key: string): Outcome | undefined {
  const raw = context.state.get<string>(key)
  return raw ? (JSON.parse(raw) as Outcome) : undefined
}

/** A before-agent callback: skip this agent (recording why) when the previous step did not succeed. */
function skipUnlessPreviousSucceeded(previousKey: string, ownKey: string) {
  return (context: Context) => {
    const previous = readOutcome(context, previousKey)
    if (previous && previous.status !== 'success') {
      const outcome: Outcome = { status: 'skipped', detail: `${previousKey} was ${previous.status}` }
      context.state.set(ownKey, JSON.stringify(outcome))
      return { role: 'model', parts: [{ text: `Skipped: ${outcome.detail}.` }] }
    }
    return undefined
  }
}

const reserveStock = new FunctionTool({
  name: 'reserve_stock',
  description: 'Reserves stock for an order in the warehouse system.',
  parameters: z.object({ sku: z.string().describe('Product SKU'), quantity: z.number().int().positive() }),
  execute: () => {
    throw new Error('warehouse service unavailable')
  },
})

/** Builds the four-step pipeline on one model. */
export function createPipeline(model: string | BaseLlm): SequentialAgent {
  const agentA = new LlmAgent({
    name: 'agent_a',
    model,
    instruction: 'Reserve the stock the user asks for with reserve_stock, then report the result in one sentence.',
    tools: [reserveStock],
    afterToolCallback: ({ context, response }) => {
      const failed = typeof response['error'] === 'string'
      const outcome: Outcome = failed
        ? { status: 'failure', detail: String(response['error']) }
        : { status: 'success', detail: 'stock reserved' }
      context.state.set('agent_a_outcome', JSON.stringify(outcome))
      return undefined
    },
  })
  const agentB = new LlmAgent({
    name: 'agent_b',
    model,
    instruction: 'Create the shipping label for the reserved stock.',
    beforeAgentCallback: skipUnlessPreviousSucceeded('agent_a_outcome', 'agent_b_outcome'),
  })
  const agentC = new LlmAgent({
    name: 'agent_c',
    model,
    instruction: 'Email the customer their tracking number.',
    beforeAgentCallback: skipUnlessPreviousSucceeded('agent_b_outcome', 'agent_c_outcome'),
  })
  const agentD = new LlmAgent({
    name: 'agent_d',
    model,
    instruction:
      'Summarise for the operator what happened to this order.\nOutcome of A: {agent_a_outcome}\nOutcome of B: {agent_b_outcome?}\nOutcome of C: {agent_c_outcome?}',
  })
  return new SequentialAgent({ name: 'order_pipeline', subAgents: [agentA, agentB, agentC, agentD] })
}

export const example: Example = {
  name: 'sequential-failure',
  description: 'A failing step is recorded; later steps skip themselves; the last step summarises every outcome.',
  defaultPrompt: 'Reserve 2 units of SKU-42 and ship them.',
  script: [
    call('reserve_stock', { sku: 'SKU-42', quantity: 2 }),
    text('I could not reserve the stock: the warehouse service is unavailable.'),
    text(
      'Order not shipped: stock reservation failed (warehouse service unavailable), so labelling and email were skipped.',
    ),
  ],
  create: createPipeline,
}
