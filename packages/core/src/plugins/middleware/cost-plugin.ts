import type { Context } from '../../agents/context.js'
import { ConfigError } from '../../errors/config-error.js'
import { describeValue } from '../../util/describe-value.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { tokenCounts } from '../../usage/run-usage.js'
import { BasePlugin } from '../base-plugin.js'
import { modelCallInfo } from './model-call-info.js'

/** The price of one model, in currency per million tokens. */
export interface ModelPrice {
  readonly input: number
  readonly output: number
}

/** Options of {@link CostPlugin} (`M.cost`). */
export interface CostPluginOptions {
  /** `prices[model]`: per-million-token prices by model name (`'gemini-2.5-flash'`). */
  readonly prices: Readonly<Record<string, ModelPrice>>
}

/**
 * `M.cost`: prices every model response that reports token usage and adds the amount to the run's usage
 * (`usage.cost` in total and per agent, beside the token figures). A model without a price adds nothing.
 */
export class CostPlugin extends BasePlugin {
  readonly prices: Readonly<Record<string, ModelPrice>>
  readonly #models = new WeakMap<Context, string | undefined>()

  constructor(options: CostPluginOptions, name = 'm_cost') {
    super(name)
    const prices = options?.prices
    if (typeof prices !== 'object' || prices === null) {
      throw new ConfigError([
        {
          code: 'record_invalid',
          path: ['CostPlugin', 'prices'],
          message: `prices must be an object, got ${describeValue(prices)}.`,
          hint: 'Pass prices: { [model]: { input, output } } per million tokens.',
        },
      ])
    }
    for (const [model, price] of Object.entries(prices)) {
      if (!(price?.input >= 0) || !(price?.output >= 0)) {
        throw new ConfigError([
          {
            code: 'number_invalid',
            path: ['CostPlugin', 'prices', model],
            message: `the price of "${model}" needs input and output amounts of zero or more per million tokens.`,
            hint: `For example prices: { '${model}': { input: 0.3, output: 2.5 } }.`,
          },
        ])
      }
    }
    this.prices = Object.freeze({ ...prices })
  }

  override beforeModelCallback(params: { callbackContext: Context; llmRequest: LlmRequest }): undefined {
    this.#models.set(params.callbackContext, params.llmRequest.model)
    return undefined
  }

  override afterModelCallback(params: { callbackContext: Context; llmResponse: LlmResponse }): undefined {
    const { llmResponse: response, callbackContext: context } = params
    if (response.partial || !response.usageMetadata) return undefined
    const info = modelCallInfo(context, this.#models.get(context))
    const price = this.prices[info.model] ?? (response.modelVersion ? this.prices[response.modelVersion] : undefined)
    if (!price) return undefined
    const { input, output } = tokenCounts(response.usageMetadata)
    context.invocationContext.usage.addCost(info.agent, (input * price.input + output * price.output) / 1_000_000)
    return undefined
  }
}
