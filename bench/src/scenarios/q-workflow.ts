import * as core from '@adk-fluent/core'
import * as adk from '@google/adk'
import type { BenchConfig } from '../bench-config.js'
import { APP, USER, ours, theirs, type Kit } from '../kit.js'
import { measurePair, scale, type Sampler } from '../measure.js'
import type { ResultRow } from '../report.js'
import { constantText, type AdkScriptedModel, type OurScriptedModel } from '../scripted-model.js'

const STEPS = 10
const CHAIN = 1000
const BRANCHES = 100
const ITEMS = 100

/** What a scenario needs of a runtime's workflow API: the same graphs built with each. */
interface WorkflowLib {
  readonly label: string
  /** A workflow; `edges` hold the runtime's own nodes. */
  workflow(name: string, edges: unknown[]): unknown
  /** A function node that hands its input on. */
  pass(name: string): unknown
  join(name: string): unknown
  /** A function node that outputs the list `[0, 1, …, count - 1]`. */
  items(name: string, count: number): unknown
  /** A `ParallelWorker` over a no-op function node named `name` (the runtime's default of 8 at once). */
  worker(name: string): unknown
  /** Runs one turn on a fresh session of an in-memory runner; returns the last output and the event count. */
  runner(root: unknown): (text: string) => Promise<{ output: unknown; events: number }>
}

const ourLib: WorkflowLib = {
  label: '@adk-fluent/core',
  workflow: (name, edges) => new core.Workflow({ name, edges: edges as core.EdgeItem[] }),
  pass: (name) => new core.FunctionNode(name, (_ctx, input) => input),
  join: (name) => new core.JoinNode({ name }),
  items: (name, count) => new core.FunctionNode(name, () => Array.from({ length: count }, (_, index) => index)),
  worker: (name) => new core.ParallelWorker(new core.FunctionNode(name, (_ctx, input) => input)),
  runner(root) {
    const runner = new core.InMemoryRunner({ agent: root as core.Workflow, appName: APP })
    return async (text) => {
      const session = await runner.sessionService.createSession({ appName: APP, userId: USER })
      let output: unknown
      let events = 0
      for await (const event of runner.runAsync({
        userId: USER,
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        events++
        if (event.output !== undefined) output = event.output
      }
      await runner.sessionService.deleteSession({ appName: APP, userId: USER, sessionId: session.id })
      return { output, events }
    }
  },
}

const theirLib: WorkflowLib = {
  label: '@google/adk 2.0.0',
  workflow: (name, edges) => new adk.Workflow({ name, edges: edges as adk.EdgeItem[] }),
  pass: (name) => new adk.FunctionNode(name, (_ctx, input) => input),
  join: (name) => new adk.JoinNode({ name }),
  items: (name, count) => new adk.FunctionNode(name, () => Array.from({ length: count }, (_, index) => index)),
  worker: (name) => new adk.ParallelWorker(new adk.FunctionNode(name, (_ctx, input) => input)),
  runner(root) {
    const sessionService = new adk.InMemorySessionService()
    const runner = new adk.Runner({ appName: APP, agent: root as adk.Workflow, sessionService })
    return async (text) => {
      const session = await sessionService.createSession({ appName: APP, userId: USER })
      let output: unknown
      let events = 0
      for await (const event of runner.runAsync({
        userId: USER,
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        events++
        if (event.output !== undefined) output = event.output
      }
      await sessionService.deleteSession({ appName: APP, userId: USER, sessionId: session.id })
      return { output, events }
    }
  },
}

/** `ops` turns of `turn`, timed. */
function sampler(turn: (text: string) => Promise<unknown>): Sampler {
  return async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) await turn('Go!')
    return performance.now() - start
  }
}

/** Q1/Q2: ten LlmAgents (each answers `step k done`), as a workflow chain and as a SequentialAgent. */
function tenAgents<A, M>(kit: Kit<A, M>): A[] {
  const model = kit.model(constantText('step done'))
  return Array.from({ length: STEPS }, (_, index) =>
    kit.llmAgent({ name: `step_${index + 1}`, model, instruction: `You do step ${index + 1}. Answer briefly.` }),
  )
}

async function expect(turn: (text: string) => Promise<{ output: unknown; events: number }>, what: string) {
  const { output, events } = await turn('Go!')
  return { output, events, what }
}

export async function runWorkflows(config: BenchConfig): Promise<ResultRow[]> {
  // Q1: a 10-node workflow of LlmAgents, ours against @google/adk's Workflow.
  const ourWorkflow = ourLib.runner(
    ourLib.workflow('ten', [['START', ...tenAgents<core.BaseAgent, OurScriptedModel>(ours)]]),
  )
  const theirWorkflow = theirLib.runner(
    theirLib.workflow('ten', [['START', ...tenAgents<adk.BaseAgent, AdkScriptedModel>(theirs)]]),
  )
  const checks = [await expect(ourWorkflow, 'ours'), await expect(theirWorkflow, 'theirs')]
  for (const check of checks) {
    if (check.output !== 'step done')
      throw new Error(`Q (${check.what}): the workflow's last output is ${String(check.output)}`)
  }
  const workflowTurn = await measurePair(sampler(ourWorkflow), sampler(theirWorkflow), config.turnPlan)
  // Q2: the same ten agents as a SequentialAgent, on our runtime.
  const sequential = ours.harness(ours.sequential('ten', tenAgents(ours)))
  const sequentialTurn: Sampler = async (ops) => {
    const ids: string[] = []
    for (let index = 0; index < ops; index++) ids.push(await sequential.createSession())
    const start = performance.now()
    for (const id of ids) await sequential.turn(id, 'Go!')
    const elapsed = performance.now() - start
    for (const id of ids) await sequential.deleteSession(id)
    return elapsed
  }
  const versusSequential = await measurePair(sampler(ourWorkflow), sequentialTurn, config.turnPlan)

  // Q3: 1,000 no-op function nodes in a chain: the scheduler's cost per node (a stored event each).
  const chain = (lib: WorkflowLib) =>
    lib.runner(
      lib.workflow('chain', [['START', ...Array.from({ length: CHAIN }, (_, index) => lib.pass(`n${index}`))]]),
    )
  const ourChain = chain(ourLib)
  const theirChain = chain(theirLib)
  for (const [run, what] of [
    [ourChain, 'ours'],
    [theirChain, 'theirs'],
  ] as const) {
    const { output, events } = await run('Go!')
    if (output !== 'Go!' || events < CHAIN)
      throw new Error(`Q (${what}): the chain gave ${String(output)}, ${events} events`)
  }
  const chainTurn = await measurePair(sampler(ourChain), sampler(theirChain), config.fanOutPlan)

  // Q4: 100 no-op branches fanned out from one node and joined.
  const fan = (lib: WorkflowLib) =>
    lib.runner(
      lib.workflow('fan', [
        [
          'START',
          lib.pass('spread'),
          Array.from({ length: BRANCHES }, (_, index) => lib.pass(`b${index}`)),
          lib.join('join'),
        ],
      ]),
    )
  const ourFan = fan(ourLib)
  const theirFan = fan(theirLib)
  for (const [run, what] of [
    [ourFan, 'ours'],
    [theirFan, 'theirs'],
  ] as const) {
    const { output } = await run('Go!')
    if (Object.keys(output as object).length !== BRANCHES)
      throw new Error(`Q (${what}): the join did not get ${BRANCHES} outputs`)
  }
  const fanTurn = await measurePair(sampler(ourFan), sampler(theirFan), config.fanOutPlan)

  // Q5: a ParallelWorker mapping a no-op function node over 100 items (each a ctx.runNode child on its own branch).
  const mapped = (lib: WorkflowLib) =>
    lib.runner(lib.workflow('mapped', [['START', lib.items('list', ITEMS), lib.worker('item')]]))
  const ourMapped = mapped(ourLib)
  const theirMapped = mapped(theirLib)
  for (const [run, what] of [
    [ourMapped, 'ours'],
    [theirMapped, 'theirs'],
  ] as const) {
    const { output } = await run('Go!')
    if (!Array.isArray(output) || output.length !== ITEMS || output[ITEMS - 1] !== ITEMS - 1)
      throw new Error(`Q (${what}): the ParallelWorker did not output ${ITEMS} items in order`)
  }
  const mappedTurn = await measurePair(sampler(ourMapped), sampler(theirMapped), config.fanOutPlan)

  return [
    {
      scenario: 'Q',
      name: `${STEPS}-node Workflow of LlmAgents (chain), per turn`,
      unit: 'µs',
      ours: scale(workflowTurn.ours, 1000),
      theirs: scale(workflowTurn.theirs, 1000),
      ratio: workflowTurn.ratio,
      target: { kind: 'ratio', max: 0.25 },
    },
    {
      scenario: 'Q',
      name: `${STEPS}-node Workflow turn (ours) vs the same ${STEPS} agents as our SequentialAgent`,
      unit: 'µs',
      ours: scale(versusSequential.ours, 1000),
      theirs: scale(versusSequential.theirs, 1000),
      ratio: versusSequential.ratio,
      note: `A workflow node does more than a step of a SequentialAgent: it stores its input as the agent's user turn (ADK 2.0's LlmAgent-as-node), stamps the node path and output on its events, and waits for each event to be stored before it goes on.`,
    },
    {
      scenario: 'Q',
      name: `scheduler overhead per no-op node (${CHAIN.toLocaleString('en')}-node chain, one stored event per node)`,
      unit: 'µs',
      ours: scale(chainTurn.ours, 1000 / CHAIN),
      theirs: scale(chainTurn.theirs, 1000 / CHAIN),
      ratio: chainTurn.ratio,
      target: { kind: 'absolute', max: 1000 },
    },
    {
      scenario: 'Q',
      name: `${BRANCHES}-branch fan-out + JoinNode (no-op function nodes), per turn`,
      unit: 'ms',
      ours: fanTurn.ours,
      theirs: fanTurn.theirs,
      ratio: fanTurn.ratio,
    },
    {
      scenario: 'Q',
      name: `ParallelWorker over ${ITEMS} items (no-op function node, 8 at once), per turn`,
      unit: 'ms',
      ours: mappedTurn.ours,
      theirs: mappedTurn.theirs,
      ratio: mappedTurn.ratio,
    },
  ]
}
