/**
 * Two agents that talk over A2A: a pricing agent served on its own (it could be any A2A agent, in any language), and
 * a shop pipeline that calls it as a step with `RemoteAgent`.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { Agent, Pipeline, type PipelineBuilder } from '@adk-fluent/fluent'
import { RemoteAgent } from '@adk-fluent/a2a'
import { z } from 'zod'

/** The pricing agent: reads `sku` (sent as a data part, so it lands in its state) and answers with JSON. */
export function createPricingAgent(model: string | BaseLlm) {
  return Agent('pricer', model)
    .describe('Quotes the price of a product by SKU.')
    .instruct('Quote the unit price in EUR of product {sku}. Answer with JSON {"price": number, "currency": "EUR"}.')
    .returns(z.object({ price: z.number(), currency: z.string() }))
}

/** The shop: picks a SKU, asks the remote pricer (sending `sku`, receiving `price`), then answers the customer. */
export function createShop(pricerUrl: string, model: string | BaseLlm): PipelineBuilder {
  return Pipeline('shop')
    .step(
      Agent('picker', model)
        .instruct('Name the SKU of the product the customer asks about, nothing else.')
        .writes('sku'),
    )
    .step(RemoteAgent('pricer', pricerUrl).sends('sku').receives('price', 'currency').timeout(30_000))
    .step(Agent('clerk', model).instruct('Tell the customer that {sku} costs {price} {currency}, in one sentence.'))
}

/** Offline replies, per agent. */
export const script = {
  picker: ['SKU-42'],
  pricer: ['{"price": 19.9, "currency": "EUR"}'],
  clerk: ['SKU-42 costs 19.9 EUR.'],
} as const
