/**
 * A data analyst that plans before it acts (Plan-ReAct): the model writes a /*PLANNING*\/ block, calls tools, reasons,
 * and ends with /*FINAL_ANSWER*\/. Planning and reasoning become thought parts; only the final answer is shown and
 * stored under `answer`.
 */
import { FunctionTool, LlmAgent, PlanReActPlanner, type BaseLlm } from '@adk-fluent/core'
import { call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

const sales: Readonly<Record<string, readonly number[]>> = {
  north: [120, 135, 160],
  south: [90, 95, 80],
}

const querySales = new FunctionTool({
  name: 'query_sales',
  description: 'Monthly sales (units) of a region for the last three months, oldest first.',
  parameters: z.object({ region: z.enum(['north', 'south']) }),
  execute: ({ region }) => ({ region, monthly: sales[region] }),
})

const growth = new FunctionTool({
  name: 'growth_rate',
  description: 'Growth from the first to the last value, as a percentage rounded to one decimal.',
  parameters: z.object({ values: z.array(z.number()).min(2) }),
  execute: ({ values }) => {
    const first = values[0] as number
    const last = values[values.length - 1] as number
    return { percent: Math.round(((last - first) / first) * 1000) / 10 }
  },
})

/** Builds the analyst on a model. */
export function createAnalyst(model: string | BaseLlm): LlmAgent {
  return new LlmAgent({
    name: 'data_analyst',
    model,
    instruction: 'Answer questions about regional sales. Use the tools for every number you report.',
    tools: [querySales, growth],
    planner: new PlanReActPlanner(),
    outputKey: 'answer',
  })
}

export const example: Example = {
  name: 'data-analyst',
  description: 'Plan-ReAct: plan, call tools, reason, then a final answer (planning hidden as thoughts).',
  defaultPrompt: 'Which region grew faster over the last three months?',
  script: [
    {
      content: {
        role: 'model',
        parts: [
          { text: '/*PLANNING*/ 1. Get sales for north and south. 2. Compute growth for each. 3. Compare.' },
          { functionCall: { name: 'query_sales', args: { region: 'north' } } },
          { functionCall: { name: 'query_sales', args: { region: 'south' } } },
        ],
      },
    },
    call([
      ['growth_rate', { values: [120, 135, 160] }],
      ['growth_rate', { values: [90, 95, 80] }],
    ]),
    text(
      '/*REASONING*/ North grew 33.3%, south shrank 11.1%. /*FINAL_ANSWER*/ North grew faster: +33.3% against -11.1% for south.',
    ),
  ],
  create: createAnalyst,
}
