import { serveA2a } from '@adk-fluent/a2a'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { chooseModel } from '../shared/choose-model.js'
import { createPricingAgent, createShop, script } from './agents.js'

/** What the example did, for its test. */
export interface A2aExampleRun {
  readonly cardUrl: string
  readonly anatomy: string
  readonly answer: string
  /** The system instruction the served pricing agent's model got (offline only). */
  readonly pricerInstruction: string | undefined
}

/**
 * Serves the pricing agent over A2A on 127.0.0.1 (a free port), shows the shop's anatomy (which never contacts the
 * remote agent), runs one turn of the shop against it, and stops the server.
 */
export async function runA2aExample(
  options: { prompt?: string; print?: (line: string) => void; environment?: Record<string, string | undefined> } = {},
): Promise<A2aExampleRun> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`))
  const shopChoice = chooseModel({ picker: script.picker, clerk: script.clerk }, options.environment)
  const pricerModel = shopChoice.scripted ? new ScriptedLlm([...script.pricer]) : shopChoice.model
  print(shopChoice.label)
  const server = await serveA2a(createPricingAgent(pricerModel), { port: 0 })
  try {
    print(`Pricing agent served over A2A; card at ${server.cardUrl}`)
    const shop = createShop(server.url, shopChoice.model)
    const anatomy = shop.llmAnatomy()
    print(anatomy)
    const answer = await shop.ask(options.prompt ?? 'How much is the blue kettle?')
    print(`Answer: ${answer}`)
    return {
      cardUrl: server.cardUrl,
      anatomy,
      answer,
      pricerInstruction:
        pricerModel instanceof ScriptedLlm ? pricerModel.requests[0]?.config.systemInstruction : undefined,
    }
  } finally {
    await server.close()
  }
}
