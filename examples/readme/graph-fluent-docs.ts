// The fluent code of docs/graph-workflows.md, type-checked with the rest of the repository (`pnpm typecheck`) and run
// by graph-fluent-docs.test.ts; the page shows the regions (`pnpm readme` copies them).
import type { BaseLlm } from '@adk-fluent/core'
import { Agent, C, Graph, type GraphNodeContext } from '@adk-fluent/fluent'
import { z } from 'zod'

export function ticketGraph(model: BaseLlm) {
  // #region fluent-graph
  const classify = Agent('classify', model)
    .instruct('Is this ticket a bug or a question?')
    .context(C.capture('ticket')) // the user's message in state: the nodes after it read {ticket}
    .returns(z.enum(['bug', 'question'])) // its answer is its route
  const reproduce = Agent('reproduce', model).instruct('Write steps to reproduce: {ticket}').writes('steps')
  const logs = Agent('logs', model).instruct('Which logs show this bug? {ticket}').writes('logs')
  const oncall = Agent('oncall', model).instruct('Write a page for the on-call engineer: {ticket}').writes('page')
  const backlog = Agent('backlog', model).instruct('Write a backlog entry: {ticket}').writes('entry')
  const answer = Agent('answer', model).instruct('Answer the ticket: {ticket}\nSteps: {steps?}').writes('reply')
  const review = Agent('review', model)
    .instruct('Is this reply ready? {reply}')
    .returns(z.enum(['ready', 'again']))

  // A function node, (ctx, input) => output: its input is the join's output, { reproduce: …, logs: … }.
  async function escalate(ctx: GraphNodeContext, found: { readonly logs?: string }) {
    const next = found.logs?.includes('crash') ? oncall : backlog // picked at run time, built once
    return (await ctx.runNode(next, 'Take it from here.')).output
  }
  function send(ctx: GraphNodeContext) {
    return `Sent: ${String(ctx.state.get('reply'))}`
  }

  const tickets = Graph('tickets')
    .chain('START', classify, { bug: [reproduce, logs], question: answer })
    .join('investigated', reproduce, logs) // both run on the route 'bug', so the join completes
    .chain('investigated', escalate, answer)
    .chain(answer, review, { again: answer, ready: send }) // a cycle: the reviewer sends the reply back
    .maxSteps(12)
  // #endregion fluent-graph
  return tickets
}
