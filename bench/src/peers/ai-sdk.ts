import { generateText, stepCountIs, tool } from 'ai-v7'
import { z } from 'zod'
import { fakeLanguageModel, lastToolResult, systemOf } from './fake-language-model.js'
import { PIPELINE_STEPS, nextDraft, peerSides, stepInstruction, type Peer } from './peer.js'

export const aiSdk: Peer = {
  id: 'ai-sdk',
  label: 'ai (AI SDK)',
  packageName: 'ai-v7',
  async sides() {
    const singleModel = fakeLanguageModel(() => ({ text: 'Hello!' }))
    let toolRuns = 0
    const tools = {
      lookup: tool({
        description: 'Looks a query up.',
        inputSchema: z.object({ query: z.string() }),
        execute: async ({ query }) => {
          toolRuns++
          return `result for ${query}`
        },
      }),
    }
    const toolModel = fakeLanguageModel((options) => {
      const result = lastToolResult(options)
      return result === undefined
        ? { toolCall: { name: 'lookup', input: { query: 'cats' } } }
        : { text: `The answer: ${result}` }
    })
    const stepModel = fakeLanguageModel((options) => ({ text: nextDraft(systemOf(options)) }))
    const runSingle = async () =>
      (await generateText({ model: singleModel, system: 'You are helpful.', prompt: 'Hi' })).text
    const runTool = async () =>
      (
        await generateText({
          model: toolModel,
          system: 'Use the lookup tool.',
          prompt: 'Look up cats.',
          tools,
          stopWhen: stepCountIs(2),
        })
      ).text
    // The AI SDK has no agent pipeline: one generateText per step, each instruction carrying the previous output.
    const runPipeline = async () => {
      let previous: string | undefined
      for (let index = 1; index <= PIPELINE_STEPS; index++) {
        previous = (
          await generateText({
            model: stepModel,
            system: stepInstruction(index, previous),
            prompt: 'Write about cats.',
          })
        ).text
      }
      return previous
    }
    return peerSides(this.label, { single: runSingle, tool: runTool, pipeline: runPipeline, toolRuns: () => toolRuns })
  },
}
