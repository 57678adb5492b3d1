// The 40-node scripted workflow of the determinism and durability tests: a chain, a fan-out of 8 LLM agents into a
// join, a routed loop and a conditional route. Every node's body and every model call writes one line to a log (its
// side effect), so a test can count how often each node run happened across processes.
import {
  BaseLlm,
  DEFAULT_ROUTE,
  FunctionNode,
  JoinNode,
  LlmAgent,
  Workflow,
  createEvent,
  type LlmRequest,
  type LlmResponse,
  type NodeContext,
} from '@adk-fluent/core'

/** A model that answers each agent with a fixed finding and logs the call (its side effect). */
class FindingModel extends BaseLlm {
  readonly #log: (entry: string) => void
  constructor(log: (entry: string) => void) {
    super({ model: 'scripted-findings' })
    this.#log = log
  }
  async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    const agent = String(request.config.labels?.['adk_agent_name'] ?? 'unknown')
    this.#log(`${agent}#1`)
    yield { content: { role: 'model', parts: [{ text: `finding of ${agent}` }] } }
  }
}

/** The workflow; `log` receives `name#runId` for every node run and model call. */
export function fortyNodeWorkflow(log: (entry: string) => void): Workflow {
  const step = (name: string, body: (ctx: NodeContext, input: unknown) => unknown) =>
    new FunctionNode(name, (ctx, input) => {
      log(`${name}#${ctx.runId}`)
      return body(ctx, input)
    })
  const intake = step('intake', (ctx, input) => {
    ctx.state.set('request', input)
    return `request: ${String(input)}`
  })
  const prep = Array.from({ length: 10 }, (_, index) =>
    step(`prep_${index + 1}`, (ctx, input) => {
      ctx.state.set(`prep_${index + 1}`, index + 1)
      return `${String(input)} > p${index + 1}`
    }),
  )
  const model = new FindingModel(log)
  const workers = Array.from(
    { length: 8 },
    (_, index) => new LlmAgent({ name: `worker_${index + 1}`, model, instruction: `Investigate part ${index + 1}.` }),
  )
  const join = new JoinNode({ name: 'join' })
  const audit = Array.from({ length: 5 }, (_, index) =>
    step(`audit_${index + 1}`, (ctx, input) => {
      const findings = typeof input === 'object' && input !== null ? Object.keys(input).length : Number(input)
      ctx.state.set(`audit_${index + 1}`, findings)
      return findings
    }),
  )
  const review = step('review', (ctx, input) => {
    const rounds = (ctx.state.get<number>('rounds') ?? 0) + 1
    ctx.state.set('rounds', rounds)
    return createEvent({ output: input, route: rounds < 3 ? 'again' : 'done' })
  })
  const revise = step('revise', (ctx, input) => {
    ctx.state.set(`revised_${ctx.runId}`, true)
    return input
  })
  const classify = step('classify', (_ctx, input) =>
    createEvent({ output: input, route: Number(input) > 4 ? 'big' : 'small' }),
  )
  const big = Array.from({ length: 6 }, (_, index) =>
    step(`big_${index + 1}`, (ctx, input) => {
      ctx.state.set(`big_${index + 1}`, `${String(input)}+b${index + 1}`)
      return `${String(input)}+b${index + 1}`
    }),
  )
  const small = Array.from({ length: 6 }, (_, index) =>
    step(`small_${index + 1}`, (_ctx, input) => `${String(input)}+s${index + 1}`),
  )
  return new Workflow({
    name: 'forty',
    maxSteps: 100,
    edges: [
      ['START', intake, ...prep, workers, join, ...audit, review, { again: revise, done: classify }],
      [revise, review],
      [classify, { big: big[0] as FunctionNode, [DEFAULT_ROUTE]: small[0] as FunctionNode }],
      big,
      small,
    ],
  })
}
