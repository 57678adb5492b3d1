// The code of docs/graph-workflows.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`)
// and run by graph-workflows-docs.test.ts; the page shows the regions (`pnpm readme` copies them).
import {
  DEFAULT_ROUTE,
  FunctionNode,
  InMemoryRunner,
  JoinNode,
  LlmAgent,
  ParallelWorker,
  Workflow,
  createEvent,
  type BaseLlm,
  type Event,
} from '@adk-fluent/core'

export function triageWorkflow(model: BaseLlm): Workflow {
  // #region graph
  const classify = new FunctionNode('classify', (_ctx, message: string) =>
    createEvent({ output: message, route: message.includes('!') ? 'urgent' : 'other' }),
  )
  const page = new FunctionNode('page', (ctx, message: string) => {
    ctx.state.set('paged', true) // stored with the node's event, like every state change
    return `paged: ${message}`
  })
  const log = new FunctionNode('log', (_ctx, message: string) => `logged: ${message}`)
  const summarise = new LlmAgent({ name: 'summarise', model, instruction: 'Summarise what was done.' })
  const answer = new LlmAgent({ name: 'answer', model, instruction: 'Answer the message.' })

  const triage = new Workflow({
    name: 'triage',
    edges: [
      // A chain; the routing map picks the next node by the route `classify` emitted; an array fans out.
      ['START', classify, { urgent: [page, log], [DEFAULT_ROUTE]: answer }],
      // The join runs once both branches completed, with { page: …, log: … } as its input.
      [[page, log], new JoinNode({ name: 'join' }), summarise],
    ],
  })
  // #endregion graph
  return triage
}

export function countingWorkflow(): Workflow {
  // #region dynamic
  const double = new FunctionNode('double', (_ctx, n: number) => n * 2)
  const doubling = new Workflow({
    name: 'doubling',
    dynamicEntry: async (ctx, input) => {
      let value = Number(input)
      while (value < 100) value = (await ctx.runNode(double, value)).output as number // runs double@1, double@2, …
      return value
    },
  })
  // #endregion dynamic
  return doubling
}

export async function resumeAfterACrash(workflow: Workflow, sessionId: string, runner: InMemoryRunner) {
  // #region resume
  // The same invocation id as the run that stopped: the nodes whose results its events recorded are not run again.
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'user',
    sessionId,
    invocationId: 'order-42',
    newMessage: { role: 'user', parts: [{ text: 'ship order 42' }] },
  }))
    events.push(event)
  // #endregion resume
  return { workflow, events }
}

export function reviewEachWorkflow(): Workflow {
  // #region parallel-worker
  const split = new FunctionNode('split', (_ctx, text: string) => text.split('\n'))
  const review = new FunctionNode('review', (_ctx, line: string) => `ok: ${line}`)
  const reviewEach = new Workflow({
    name: 'review_each',
    // `review` runs once per line, at most 4 at once; the next node gets the outputs as a list, in line order.
    edges: [['START', split, new ParallelWorker(review, { maxParallelWorkers: 4 })]],
  })
  // #endregion parallel-worker
  return reviewEach
}
