import {
  Agent,
  Runner,
  Usage,
  setTracingDisabled,
  tool,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents'
import { z } from 'zod'
import { PIPELINE_STEPS, nextDraft, peerSides, stepInstruction, type Peer } from './peer.js'

// The default exporter would send traces to the vendor's API.
setTracingDisabled(true)

type Respond = (request: ModelRequest) => ModelResponse['output']

/** A zero-latency `Model` (the SDK's model interface). */
class FakeModel implements Model {
  calls = 0
  constructor(private readonly respond: Respond) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.calls++
    return { usage: new Usage(), output: this.respond(request) }
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not used')
  }
}

function message(text: string): ModelResponse['output'] {
  return [
    {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text }],
    },
  ]
}

function lastItem(request: ModelRequest): Record<string, unknown> | undefined {
  const input = request.input
  return Array.isArray(input) ? (input[input.length - 1] as Record<string, unknown>) : undefined
}

export const openAiAgents: Peer = {
  id: 'openai-agents',
  label: '@openai/agents',
  packageName: '@openai/agents',
  async sides() {
    const runner = new Runner({ tracingDisabled: true })
    const single = new Agent({
      name: 'assistant',
      instructions: 'You are helpful.',
      model: new FakeModel(() => message('Hello!')),
    })
    let toolRuns = 0
    const lookup = tool({
      name: 'lookup',
      description: 'Looks a query up.',
      parameters: z.object({ query: z.string() }),
      execute: async ({ query }) => {
        toolRuns++
        return `result for ${query}`
      },
    })
    let callIds = 0
    const toolModel = new FakeModel((request): ModelResponse['output'] => {
      const last = lastItem(request)
      if (last?.['type'] === 'function_call_result') {
        const output = last['output'] as { text?: string } | string
        return message(`The answer: ${typeof output === 'string' ? output : output.text}`)
      }
      return [
        {
          type: 'function_call',
          callId: `call_${callIds++}`,
          name: 'lookup',
          arguments: '{"query":"cats"}',
          status: 'completed',
        },
      ]
    })
    const withTool = new Agent({
      name: 'assistant',
      instructions: 'Use the lookup tool.',
      model: toolModel,
      tools: [lookup],
    })
    const stepModel = new FakeModel((request) => message(nextDraft(request.systemInstructions ?? '')))
    // No workflow agents here: a pipeline is one run per step, each instruction carrying the previous output.
    const steps = Array.from(
      { length: PIPELINE_STEPS },
      (_, index) =>
        new Agent<{ previous?: string }>({
          name: `step_${index + 1}`,
          instructions: (context) => stepInstruction(index + 1, context.context.previous),
          model: stepModel,
        }),
    )
    const pipeline = async () => {
      let previous: string | undefined
      for (const step of steps) {
        const result = await runner.run(step, 'Write about cats.', { context: { previous } })
        previous = result.finalOutput as string
      }
      return previous
    }
    return peerSides(this.label, {
      single: async () => (await runner.run(single, 'Hi')).finalOutput,
      tool: async () => (await runner.run(withTool, 'Look up cats.')).finalOutput,
      pipeline,
      toolRuns: () => toolRuns,
    })
  },
}
