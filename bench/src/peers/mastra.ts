import { Agent } from '@mastra/core/agent'
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'
import { fakeLanguageModel, lastToolResult, systemOf, type FakeReply } from './fake-language-model.js'
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider-v4'
import { PIPELINE_STEPS, nextDraft, peerSides, stepInstruction, type Peer } from './peer.js'

type MastraModel = ConstructorParameters<typeof Agent>[0]['model']

/** The fake `LanguageModelV4` as Mastra's model option (Mastra's own V4 type narrows what doGenerate returns). */
function mastraModel(respond: (options: LanguageModelV4CallOptions) => FakeReply): MastraModel {
  return fakeLanguageModel(respond) as unknown as MastraModel
}

export const mastra: Peer = {
  id: 'mastra',
  label: '@mastra/core',
  packageName: '@mastra/core',
  async sides() {
    const single = new Agent({
      id: 'assistant',
      name: 'assistant',
      instructions: 'You are helpful.',
      model: mastraModel(() => ({ text: 'Hello!' })),
    })
    let toolRuns = 0
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks a query up.',
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }: { query: string }) => {
        toolRuns++
        return `result for ${query}`
      },
    })
    const withTool = new Agent({
      id: 'assistant_with_tool',
      name: 'assistant',
      instructions: 'Use the lookup tool.',
      model: mastraModel((options) => {
        const result = lastToolResult(options)
        return result === undefined
          ? { toolCall: { name: 'lookup', input: { query: 'cats' } } }
          : { text: `The answer: ${result}` }
      }),
      tools: { lookup },
    })
    const stepModel = mastraModel((options) => ({ text: nextDraft(systemOf(options)) }))
    const steps = Array.from(
      { length: PIPELINE_STEPS },
      (_, index) =>
        new Agent({
          id: `step_${index + 1}`,
          name: `step_${index + 1}`,
          instructions: ({ requestContext }) =>
            stepInstruction(index + 1, requestContext.get('previous') as string | undefined),
          model: stepModel,
        }),
    )
    const { RequestContext } = await import('@mastra/core/request-context')
    // One generate per step (each agent's instruction reads the previous output from the request context).
    const runPipeline = async () => {
      let previous: string | undefined
      for (const step of steps) {
        const requestContext = new RequestContext()
        if (previous !== undefined) requestContext.set('previous', previous)
        previous = (await step.generate('Write about cats.', { requestContext })).text
      }
      return previous
    }
    const runSingle = async () => (await single.generate('Hi')).text
    const runTool = async () => (await withTool.generate('Look up cats.', { maxSteps: 2 })).text
    return peerSides(this.label, { single: runSingle, tool: runTool, pipeline: runPipeline, toolRuns: () => toolRuns })
  },
}
