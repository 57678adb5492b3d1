import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FunctionTool, LongRunningFunctionTool } from '@adk-fluent/core'
import { Agent } from '../builders/workflow-factories.js'
import { T } from '../namespaces/index.js'

function refund({ order }: { order: number }) {
  return { refunded: order }
}

const agent = Agent('payer')
  .instruct('Handle refunds.')
  .tools(
    T.confirm(T.fn(refund, { parameters: z.object({ order: z.number() }) }))
      .add(
        T.fn(
          function big_refund({ order }: { order: number }) {
            return { order }
          },
          { parameters: z.object({ order: z.number() }), confirm: (args) => Number(args['order']) > 100 },
        ),
      )
      .add(
        T.cache(
          T.fn(function lookup() {
            return {}
          }),
        ),
      ),
  )
  .tool(new LongRunningFunctionTool({ name: 'start_job', description: 'Starts a job.', execute: () => undefined }))
  .tool(new FunctionTool({ name: 'wipe', description: 'Wipes.', execute: () => ({}), requireConfirmation: true }))

describe('where a run can pause, in the anatomy', () => {
  it('.llmAnatomy() marks the tools that pause a run', () => {
    const tools = agent
      .llmAnatomy()
      .split('\n')
      .find((line) => line.includes('4. Tools:'))
    expect(tools).toContain('refund (pauses the run for approval)')
    expect(tools).toContain('big_refund (may pause the run for approval)')
    expect(tools).toContain('lookup,')
    expect(tools).not.toContain('lookup (')
    expect(tools).toContain('start_job (pauses the run until its result arrives)')
    expect(tools).toContain('wipe (pauses the run for approval)')
  })

  it('the previewed anatomy marks them from the tools of the real request', async () => {
    const text = await agent.llmAnatomy({ userMessage: 'refund 42' })
    expect(text).toContain('refund(order: number) — pauses the run for approval')
    expect(text).toContain('big_refund(order: number) — may pause the run for approval')
    expect(text).toContain('start_job() — pauses the run until its result arrives')
    expect(text).toMatch(/lookup\(\)\n/)
  })
})
