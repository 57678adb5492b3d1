/**
 * Classify, then route: a classifier answers with structured output (`.returns(schema)`, stored as an object under
 * `intent`), an `S.compute` step copies its category to a key of its own (a `Route` compares the whole value of one
 * key), and a `Route` on that key hands the message to the billing, technical or sales specialist, and anything
 * else to general support. A classifier answer that does not match the schema gets one repair round from the runtime.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent, Route, S, type PipelineBuilder } from '@adk-fluent/fluent'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

/** What the classifier returns. */
export const Intent = z.object({
  category: z.enum(['billing', 'technical', 'sales', 'other']).describe('The team that should answer'),
  confidence: z.number().min(0).max(1),
  summary: z.string().describe('The request in one sentence'),
})

/** A field of the classified intent in state, or `undefined` when there is none. */
function intentField(field: keyof z.infer<typeof Intent>) {
  return (state: Readonly<Record<string, unknown>>): unknown => {
    const parsed = Intent.safeParse(state['intent'])
    return parsed.success ? parsed.data[field] : undefined
  }
}

/** Builds the classifier, the category step and the route on a model. */
export function createClassifyRoute(model: string | BaseLlm): PipelineBuilder {
  const specialist = (name: string, instruction: string) =>
    Agent(name, model).instruct(`${instruction} The request: {intent_summary?}`).writes('reply')
  const classifier = Agent('classifier', model)
    .instruct(
      'Classify the customer message: billing (invoices, payments, refunds), technical (errors, outages, how-to), sales (plans, pricing, upgrades) or other.',
    )
    .returns(Intent)
    .writes('intent')
  return classifier
    .then(S.compute({ intent_category: intentField('category'), intent_summary: intentField('summary') }))
    .then(
      Route('intent_category')
        .eq('billing', specialist('billing', 'You handle invoices, payments and refunds. Answer in two sentences.'))
        .eq('technical', specialist('technical', 'You fix technical problems. Give numbered steps.'))
        .eq('sales', specialist('sales', 'You help customers pick a plan. Be brief and concrete.'))
        .otherwise(
          specialist('general_support', 'Answer helpfully and offer to connect the customer with the right team.'),
        ),
    )
}

export const example: Example = {
  name: 'classify-route',
  description: 'A structured-output classifier, then a Route on its category.',
  defaultPrompt: 'I was charged twice for my March invoice.',
  script: [
    text('{"category": "billing", "confidence": 0.94, "summary": "Customer was charged twice for the March invoice."}'),
    text(
      'Sorry about the double charge on your March invoice. I have started a refund of the duplicate payment; it reaches your card in 3–5 business days.',
    ),
  ],
  create: createClassifyRoute,
}
