// The code of docs/durable-runs.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`);
// the page shows the regions (`pnpm readme` copies them; examples/readme/readme.test.ts fails when they drift).
import { FunctionTool, type BaseAgent, type BaseSessionService } from '@adk-fluent/core'
import { DurableClient, DurableRunner } from '@adk-fluent/dbos'
import { z } from 'zod'

/** A payment API's client, as a tool would call it. */
interface Payments {
  charge(request: { amount: number; idempotencyKey: string }): Promise<{ receipt: string }>
}

export async function durableApi(
  agent: BaseAgent,
  sessionService: BaseSessionService,
  userId: string,
  sessionId: string,
) {
  // #region api
  // A worker (one per process): executes runs from the queue.
  const worker = await DurableRunner.launch({
    appName: 'research',
    databaseUrl: 'postgresql://…/dbos',
    agent,
    sessionService,
    workerId: 'worker-1',
    workerConcurrency: 4,
    concurrency: 16,
  })

  // Anywhere (an API server, a CLI, the worker itself): start, find, stream, cancel.
  const client = await DurableClient.connect({ appName: 'research', databaseUrl: 'postgresql://…/dbos', agent })
  const run = await client.startRun({ userId, sessionId, newMessage: { role: 'user', parts: [{ text: 'go' }] } })
  for await (const event of run.events()) console.log(event.author)
  const { finalText, events } = await run.result()
  await client.getRun(run.id).status() // { state: 'ENQUEUED' | 'PENDING' | 'SUCCESS' | 'ERROR' | 'CANCELLED', … }
  await client.cancelRun(run.id)
  // #endregion api
  return { worker, finalText, events }
}

export function chargeTool(payments: Payments) {
  // #region idempotency
  const charge = new FunctionTool({
    name: 'charge',
    description: 'Charges the card.',
    parameters: z.object({ amount: z.number().positive() }),
    execute: async ({ amount }, context) => {
      // Defined in every tool call (undefined only outside one); the same on every re-execution of a durable run.
      const idempotencyKey = context.idempotencyKey
      if (idempotencyKey === undefined) throw new Error('charge runs only inside a run (no idempotency key)')
      return payments.charge({ amount, idempotencyKey })
    },
  })
  // #endregion idempotency
  return charge
}

export async function durablePause(
  agent: BaseAgent,
  sessionService: BaseSessionService,
  userId: string,
  sessionId: string,
) {
  // #region pause
  // Workers resume a paused invocation where it stopped (agents after the paused one wait for the answer).
  await DurableRunner.launch({
    appName: 'payments',
    databaseUrl: 'postgresql://…/dbos',
    agent,
    sessionService,
    resumabilityConfig: { isResumable: true },
  })

  const client = await DurableClient.connect({
    appName: 'payments',
    databaseUrl: 'postgresql://…/dbos',
    agent,
    sessionService, // to read and answer the sessions' pending interrupts
  })
  const run = await client.startRun({ userId, sessionId, newMessage: { role: 'user', parts: [{ text: 'Pay ann' }] } })
  const { interrupts } = await run.result() // the run paused: its workflow ended, no worker waits for the answer

  // Later, from any process: the session's inbox, answered by id; any worker runs the rest.
  const inbox = await client.pendingInterrupts({ userId, sessionId }) // the same items as `interrupts`
  const next = await client.answerInterrupts({ userId, sessionId, answers: { [inbox[0]!.id]: true } })
  const { finalText } = await next.result()
  // #endregion pause
  return { interrupts, finalText }
}
