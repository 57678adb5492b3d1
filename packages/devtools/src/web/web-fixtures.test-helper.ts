import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import { RequestInput, type LlmRequest } from '@adk-fluent/core'
import { Agent, FanOut, Loop, Pipeline, T, type FlowBuilder } from '@adk-fluent/fluent'
import type { WebServerOptions } from './web-server.js'

function getWeather({ city }: { city: string }) {
  return { city, sky: 'sunny', celsius: 21 }
}

/** A pipeline whose first agent calls a tool: model call 1 asks for the tool, 2 answers, 3 is the advisor's. */
export function tripFlow(
  llm = new ScriptedLlm([
    call('getWeather', { city: 'Paris' }),
    text('Sunny in Paris, 21 °C.'),
    text('Pack sunglasses.'),
  ]),
) {
  const forecaster = Agent('forecaster')
    .model(llm)
    .instruct('Give the forecast for the city the user names.')
    .tool(getWeather, { parameters: z.object({ city: z.string() }), description: 'Weather of a city.' })
    .writes('forecast')
  const advisor = Agent('advisor')
    .model(llm)
    .instruct('Advise what to pack, given this forecast: {forecast}')
    .writes('advice')
  return { llm, flow: Pipeline('trip').step(forecaster).step(advisor) }
}

/** A fan-out whose branches feed a merging agent. */
export function newsFlow(llm = new ScriptedLlm(['Home team won.', 'Rain tomorrow.', 'Edition: won; rain.'])) {
  const sports = Agent('sports').model(llm).instruct('Sports news.').writes('sports')
  const weather = Agent('weather').model(llm).instruct('Weather news.').writes('weather')
  const editor = Agent('editor').model(llm).instruct('Combine {sports} and {weather}.').writes('edition')
  return { llm, flow: Pipeline('news').step(FanOut('gather').branch(sports).branch(weather)).step(editor) }
}

/** A review loop: the writer drafts, the reviewer scores, until the reviewer says ok (at most 3 rounds). */
export function reviewFlow(llm = new ScriptedLlm(['Draft one.', 'needs work', 'Draft two.', 'ok'])) {
  const writer = Agent('writer')
    .model(llm)
    .instruct('Write a haiku about {topic}. Address this feedback: {feedback?}')
    .writes('draft')
  const reviewer = Agent('reviewer')
    .model(llm)
    .instruct('Review this draft: {draft}. Answer ok or what to fix.')
    .writes('feedback')
  const loop = Loop('polish')
    .step(writer)
    .step(reviewer)
    .until((state) => state['feedback'] === 'ok', { max: 3 })
  return { llm, flow: Pipeline('haiku').initialState('topic').step(loop) }
}

/** An agent whose model call fails. */
export function failingFlow() {
  const llm = new ScriptedLlm([new Error('quota exceeded')])
  return { llm, flow: Agent('unlucky').model(llm).instruct('Say hi.') }
}

/** An agent with a tool that waits for `release()`, so a test can act while the run is in the middle. */
export function gatedFlow() {
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (release = resolve))
  async function lookup() {
    await opened
    return { found: true }
  }
  const llm = new ScriptedLlm([call('lookup', {}), text('Found it.')])
  const flow = Agent('seeker')
    .model(llm)
    .instruct('Look it up.')
    .tool(lookup, { parameters: z.object({}), description: 'Looks it up.' })
  return { llm, flow, release }
}

/**
 * A tree with several mistakes at once: a key nobody writes (with the initial state declared), two steps with one
 * name, and an unknown model (which `build()` finds only once the tree's own problems are fixed).
 */
export function brokenFlow(llm = new ScriptedLlm([])): FlowBuilder {
  const drafter = Agent('drafter').model(llm).instruct('Draft about {topic}.').writes('draft')
  const publisher = Agent('publisher').model(llm).instruct('Publish {article}.')
  return (
    Pipeline('flow')
      .initialState('topic')
      .step(drafter)
      // @ts-expect-error a deliberately broken flow: 'article' is neither written nor declared initial
      .step(publisher)
      .step(Agent('reviewer').model('gpt-unknown').instruct('Review {draft}.'))
      .step(Agent('reviewer').model(llm).instruct('Review {draft} again.'))
  )
}

/**
 * A builder whose `build()` throws something other than a `ConfigError` (as a remote agent's client or a plugin might);
 * everything else is a real builder's.
 */
export function explodingBuild(): FlowBuilder {
  const llm = new ScriptedLlm([])
  const flow = Agent('writer')
    .model(llm)
    .instruct('Write.')
    .writes('draft')
    .then(Agent('critic').model(llm).instruct('Judge {draft}.'))
  return {
    node: flow.node,
    toMermaid: () => flow.toMermaid(),
    check: () => flow.check(),
    llmAnatomy: () => flow.llmAnatomy(),
    build: () => {
      throw new TypeError('boom')
    },
  } as unknown as FlowBuilder
}

/** The server options of a module at `agents/broken.ts` (`noBuilder`: the loader's message when it has no builder). */
export function brokenModule(builder: FlowBuilder | undefined, noBuilder?: string): WebServerOptions {
  return {
    builder,
    ...(noBuilder === undefined ? {} : { noBuilder }),
    module: {},
    file: 'agents/broken.ts',
    env: {},
    port: 0,
  }
}

/**
 * A refund desk: `refund` needs approval (T.confirm, hint "Refund this order?"), `ask_amount` asks for `{ amount }`.
 * `refunds` lists the orders refunded. The model asks for the tool the message names ("refund <n> [and <m>…]",
 * one call per order, or anything else to ask), then answers with the last tool result it saw.
 */
export function refundFlow() {
  const refunds: number[] = []
  const refund = ({ order }: { order: number }) => {
    refunds.push(order)
    return { refunded: order }
  }
  const askAmount = () =>
    new RequestInput({ message: 'How much should we refund?', responseSchema: z.object({ amount: z.number() }) })
  const llm = new ScriptedLlm(
    Array.from({ length: 20 }, () => (request: LlmRequest) => {
      const last = request.contents.at(-1)?.parts?.[0]
      if (last?.functionResponse) return text(`Done: ${JSON.stringify(last.functionResponse.response)}`)
      const said = last?.text ?? ''
      // "refund 1 and 2": one approval per order, in one model turn.
      const orders = said.startsWith('refund') ? [...said.matchAll(/\d+/g)].map((match) => Number(match[0])) : []
      if (orders.length === 0) return call('ask_amount', {})
      return call(orders.map((order) => ['refund', { order }] as const))
    }),
  )
  const flow = Agent('desk')
    .model(llm)
    .instruct('Refund orders when asked.')
    .tools([
      T.confirm(T.fn(refund, { name: 'refund', parameters: z.object({ order: z.number() }) }), {
        hint: 'Refund this order?',
      }),
      T.fn(askAmount, { name: 'ask_amount', parameters: z.object({}) }),
    ])
  return { llm, flow, refunds }
}
