// Agent trees for the durable-run tests, shared by the test files and the worker processes they start.
import { appendFileSync } from 'node:fs'
import {
  BaseAgent,
  FunctionNode,
  FunctionTool,
  JoinNode,
  Workflow,
  LlmAgent,
  ParallelAgent,
  SequentialAgent,
  createEvent,
  createEventActions,
  type Event,
  type InvocationContext,
  type LlmRequest,
} from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import pg from 'pg'

/** Appends one line to the shared log file (O_APPEND: lines of several processes never mix). */
export function logLine(file: string, line: string): void {
  appendFileSync(file, `${line}\n`)
}

export interface TreeOptions {
  /** The log file every model and tool call writes to. */
  log: string
  /** Name of an agent before which the run blocks forever (so a test can kill the worker between two steps). */
  blockBefore?: string
  /** `'v2'` changes one instruction: another agent tree version. */
  variant?: string
  /** Milliseconds each model call of the `slow` tree takes (and the pause of `pauseBefore`). */
  delayMs?: number
  /** Name of an agent before which the run waits `delayMs` (default 1,000) between two steps, then goes on. */
  pauseBefore?: string
  /**
   * The DBOS database: the `step` tree's payment then records its own step there first, with receipt `r-other`, as
   * another execution of the run would have (one that took the run over while this one was paused).
   */
  raceWith?: string
}

/**
 * Five steps in sequence; each step's model answers once (step_2 first calls the `charge` tool). Every model and
 * tool call writes a line to the log.
 */
export function pipelineTree(options: TreeOptions): BaseAgent {
  const steps: BaseAgent[] = []
  for (let index = 1; index <= 5; index++) {
    const name = `step_${index}`
    const answer = () => {
      logLine(options.log, `model ${name}`)
      return `answer ${index}`
    }
    const charge = new FunctionTool({
      name: 'charge',
      description: 'Charges the card once.',
      execute: (_args: Record<string, unknown>, context) => {
        logLine(options.log, `tool charge ${context.idempotencyKey}`)
        context.state.set('charged', true)
        return { ok: true }
      },
    })
    const once =
      index === 2
        ? [
            () => {
              logLine(options.log, `model ${name} (call)`)
              return call('charge', { amount: 5 })
            },
            answer,
          ]
        : [answer]
    // The same replies for every run of the worker.
    const script = Array.from({ length: 20 }, () => once).flat()
    steps.push(
      new LlmAgent({
        name,
        model: new ScriptedLlm(script),
        instruction: options.variant === 'v2' && index === 3 ? 'Do step 3 differently.' : `Do step ${index}.`,
        outputKey: `out_${index}`,
        ...(index === 2 ? { tools: [charge] } : {}),
        beforeAgentCallback: async (context) => {
          if (options.blockBefore === context.agentName) {
            logLine(options.log, `blocked before ${context.agentName}`)
            await new Promise(() => undefined)
          }
          if (options.pauseBefore === context.agentName) {
            logLine(options.log, `paused before ${context.agentName}`)
            await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1000))
          }
          return undefined
        },
      }),
    )
  }
  return new SequentialAgent({ name: 'pipeline', subAgents: steps })
}

/** One agent whose every model call takes `delayMs` and logs `enter`/`leave` with the worker's id. */
export function slowTree(options: TreeOptions & { workerId: string }): BaseAgent {
  const entry = async () => {
    logLine(options.log, `enter ${options.workerId}`)
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 200))
    logLine(options.log, `leave ${options.workerId}`)
    return 'done'
  }
  return new LlmAgent({
    name: 'slow',
    model: new ScriptedLlm(Array.from({ length: 500 }, () => entry)),
    instruction: 'Be slow.',
  })
}

/** One agent whose model call logs `started` and then waits a minute (so a test can cancel it midway). */
export function waiterTree(options: TreeOptions): BaseAgent {
  const entry = async () => {
    logLine(options.log, 'started')
    await new Promise((resolve) => setTimeout(resolve, 60_000).unref())
    logLine(options.log, 'model finished')
    return 'too late'
  }
  const quick = () => 'quick answer'
  return new LlmAgent({
    name: 'waiter',
    model: new ScriptedLlm(
      Array.from(
        { length: 50 },
        () => (request: LlmRequest) => (JSON.stringify(request.contents).includes('quick') ? quick() : entry()),
      ),
    ),
    instruction: 'Wait.',
  })
}

/** Milliseconds each branch's model calls take in {@link parallelTree}: the branches finish in another order than they start. */
const branchDelays: Record<string, number> = { a: 300, b: 10, c: 120 }

/**
 * Three parallel branches (`a`, `b`, `c`), each two agents in sequence whose model calls take a branch-specific time
 * (so steps complete in another order than they start), the second agent of each calling the `record` tool; then a
 * `join` agent. Every model and tool call writes a line to the log.
 */
export function parallelTree(options: TreeOptions): BaseAgent {
  const branches = Object.entries(branchDelays).map(([branch, delayMs]) => {
    const agents = [1, 2].map((step) => {
      const name = `${branch}_${step}`
      const answer = async () => {
        logLine(options.log, `model ${name}`)
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        return `${name} done`
      }
      const record = new FunctionTool({
        name: 'record',
        description: 'Records a finding.',
        execute: (_args: Record<string, unknown>, context) => {
          logLine(options.log, `tool record ${name}`)
          context.state.set(`recorded_${branch}`, true)
          return { ok: true }
        },
      })
      const once =
        step === 2
          ? [
              async () => {
                logLine(options.log, `model ${name} (call)`)
                await new Promise((resolve) => setTimeout(resolve, delayMs))
                return call('record', { branch })
              },
              answer,
            ]
          : [answer]
      return new LlmAgent({
        name,
        model: new ScriptedLlm(Array.from({ length: 20 }, () => once).flat()),
        instruction: `Do ${name}.`,
        outputKey: `out_${name}`,
        ...(step === 2 ? { tools: [record] } : {}),
        beforeAgentCallback: async (context) => {
          if (options.blockBefore === context.agentName) {
            logLine(options.log, `blocked before ${context.agentName}`)
            await new Promise(() => undefined)
          }
          return undefined
        },
      })
    })
    return new SequentialAgent({ name: branch, subAgents: agents })
  })
  const join = new LlmAgent({
    name: 'join',
    model: new ScriptedLlm(
      Array.from({ length: 20 }, () => () => {
        logLine(options.log, 'model join')
        return 'joined'
      }),
    ),
    instruction: 'Join the findings.',
  })
  return new SequentialAgent({
    name: 'fanout',
    subAgents: [new ParallelAgent({ name: 'branches', subAgents: branches }), join],
  })
}

/** A custom agent whose one side effect (`ctx.runStep('pay', …)`) writes `effect pay` to the log; it answers with the receipt. */
class PayerAgent extends BaseAgent {
  readonly #log: string
  readonly #raceWith: string | undefined
  constructor(log: string, raceWith?: string) {
    super({ name: 'payer' })
    this.#log = log
    this.#raceWith = raceWith
  }
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const receipt = await ctx.runStep('pay', async () => {
      logLine(this.#log, 'effect pay')
      if (this.#raceWith) await recordFirst(this.#raceWith, ctx, { receipt: 'r-other' })
      return { receipt: `r-${Date.now()}` }
    })
    yield createEvent({
      invocationId: ctx.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: receipt.receipt }] },
      actions: createEventActions({ stateDelta: { receipt: receipt.receipt } }),
    })
  }
}

/** Records the `pay` step of `ctx`'s run as another execution would have, before this one records it. */
async function recordFirst(databaseUrl: string, ctx: InvocationContext, output: unknown): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const record = { name: `step:${ctx.agent.name}/pay`, output, at: Date.now() }
    await client.query('INSERT INTO adk_fluent_dbos_steps (run_id, step_key, record) VALUES ($1, $2, $3)', [
      ctx.invocationId.replace(/^e-/, ''),
      `step:${ctx.branch ?? ''}/${ctx.agent.name}/pay#0`,
      JSON.stringify(record),
    ])
  } finally {
    await client.end()
  }
}

/** The custom `payer` agent, then a model agent `after` (block before it to kill the worker after the payment). */
export function stepTree(options: TreeOptions): BaseAgent {
  const after = new LlmAgent({
    name: 'after',
    model: new ScriptedLlm(Array.from({ length: 20 }, () => () => 'confirmed')),
    instruction: 'Confirm the payment {receipt}.',
    beforeAgentCallback: async (context) => {
      if (options.blockBefore === context.agentName) {
        logLine(options.log, `blocked before ${context.agentName}`)
        await new Promise(() => undefined)
      }
      return undefined
    },
  })
  return new SequentialAgent({ name: 'payment', subAgents: [new PayerAgent(options.log, options.raceWith), after] })
}

/**
 * A graph workflow: `fetch`, a fan-out of `score_a` and `score_b` into a join, the model agent `writer`, then
 * `publish`. Each function node's body writes `node <name>` to the log (its side effect); block before `publish` (or
 * any node) to kill the worker there.
 */
export function workflowTree(options: TreeOptions): BaseAgent {
  const step = (name: string, body: (input: unknown) => unknown) =>
    new FunctionNode(name, async (ctx, input) => {
      if (options.blockBefore === name) {
        logLine(options.log, `blocked before ${name}`)
        await new Promise(() => undefined)
      }
      logLine(options.log, `node ${name}`)
      ctx.state.set(`done_${name}`, true)
      return body(input)
    })
  const writer = new LlmAgent({
    name: 'writer',
    model: new ScriptedLlm(
      Array.from({ length: 20 }, () => () => {
        logLine(options.log, 'model writer')
        return 'the report'
      }),
    ),
    instruction: 'Write the report.',
  })
  return new Workflow({
    name: 'report',
    edges: [
      [
        'START',
        step('fetch', (input) => `data for ${String(input)}`),
        [step('score_a', () => 1), step('score_b', () => 2)],
        new JoinNode({ name: 'join' }),
        writer,
        step('publish', (input) => `published: ${String(input)}`),
      ],
    ],
  })
}
