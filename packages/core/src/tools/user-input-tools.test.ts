import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { pendingInterrupts } from '../pause/pending-interrupts.js'
import { getUserChoiceTool, requestInputTool } from './user-input-tools.js'

describe('requestInputTool and getUserChoiceTool in the inbox', () => {
  it("the model's adk_request_input is an input (its message and response_schema); get_user_choice a long-running call", async () => {
    const schema = { type: 'object', properties: { account: { type: 'string' } } }
    const llm = new ScriptedLlm([
      call([
        ['adk_request_input', { message: 'Which account?', response_schema: schema }, 'in-1'],
        ['get_user_choice', { options: ['red', 'blue'] }, 'ch-1'],
      ]),
    ])
    const harness = await createHarness(
      new LlmAgent({ name: 'assistant', model: llm, tools: [requestInputTool, getUserChoiceTool] }),
    )
    await harness.run('pay')
    const pending = pendingInterrupts((await harness.session()).events)
    expect(pending.map(({ id, kind, functionCallName }) => ({ id, kind, functionCallName }))).toEqual([
      { id: 'in-1', kind: 'input', functionCallName: 'adk_request_input' },
      { id: 'ch-1', kind: 'long_running', functionCallName: 'get_user_choice' },
    ])
    expect(pending[0]).toMatchObject({ message: 'Which account?', responseSchema: schema })
    expect(pending[1]).toMatchObject({ tool: 'get_user_choice', args: { options: ['red', 'blue'] } })
  })
})
