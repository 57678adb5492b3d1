import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import type { BaseLlm } from '../models/base-llm.js'
import { checkPreviewFidelity } from './preview-fidelity.js'

const pipeline = (model: BaseLlm, instruction: LlmAgent['instruction'] = 'Write about {topic}.') =>
  new SequentialAgent({
    name: 'flow',
    subAgents: [
      new LlmAgent({ name: 'writer', model, instruction, outputKey: 'draft' }),
      new LlmAgent({ name: 'critic', model, instruction: 'Critique {draft}.' }),
    ],
  })

describe('checkPreviewFidelity', () => {
  it('returns both recordings when every request matches', async () => {
    const result = await checkPreviewFidelity({
      agent: (model) => pipeline(model),
      script: ['Draft.', 'Fine.'],
      prompt: 'Go',
      state: { topic: 'cats' },
    })
    expect(result.runRequests).toHaveLength(2)
    expect(result.previewCalls.map((call) => call.agent)).toEqual(['writer', 'critic'])
  })

  it('names the agent, the call and the field that differs', async () => {
    let builds = 0
    const drifting = (model: BaseLlm) => pipeline(model, () => `Build ${++builds}.`)
    await expect(checkPreviewFidelity({ agent: drifting, script: ['Draft.', 'Fine.'], prompt: 'Go' })).rejects.toThrow(
      /^The preview does not match the run:\nagent "writer" call 1: systemInstruction differs\n {2}run: {5}"You are an agent\. Your internal name is \\"writer\\"\.\\n\\nBuild 1\."\n {2}preview: "You are an agent\. Your internal name is \\"writer\\"\.\\n\\nBuild 2\."/,
    )
  })

  it('reports a preview that makes a different number of calls', async () => {
    let builds = 0
    const shorter = (model: BaseLlm) =>
      ++builds === 1
        ? pipeline(model)
        : new LlmAgent({ name: 'writer', model, instruction: 'Write about {topic}.', outputKey: 'draft' })
    await expect(
      checkPreviewFidelity({ agent: shorter, script: ['Draft.', 'Fine.'], prompt: 'Go', state: { topic: 'cats' } }),
    ).rejects.toThrow('the run made 2 model calls (writer, critic), the preview 1 (writer)')
  })
})
