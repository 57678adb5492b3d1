import type { Event } from '../events/event.js'
import type { BaseNode } from './base-node.js'
import type { NodeContext, RunNodeOptions } from './node-context.js'
import { createSubBranch } from './branch-path.js'
import { getRetryDelaySeconds, shouldRetryNode } from './retry-config.js'
import { isNodeErrorEvent, claimNodeErrorReport } from './node-error-event.js'
import { DynamicNodeFailError, InvocationAbortedError, NodeReportedError, NodeTimeoutError } from './workflow-errors.js'
import type { NodeState } from './node-state.js'
import type { NodeRunOutcome } from '../agents/invocation-hooks.js'

/** What {@link executeChildNode} runs. */
export interface ExecuteChildNodeParams {
  /** The context asking for the run. */
  parent: NodeContext
  node: BaseNode
  input: unknown
  options?: RunNodeOptions
  /** Cancels this child (a workflow's signal, fired when a sibling fails); default the invocation's. */
  abortSignal?: AbortSignal | undefined
  /** The workflow's record of this run (its attempt count is kept there). */
  nodeState?: NodeState | undefined
  /** Answers this run may read (default the parent's). */
  resumeInputs?: Record<string, unknown> | undefined
}

/**
 * Runs a child node for `parent`: makes its context (path, branch, signal), consumes its events (author, node path
 * and branch stamped; output and route tracked; each event handed to the workflow's stream and, when the stream
 * says so, awaited until stored), enforces `timeout` and retries per `retryConfig`. Resolves to the child's context.
 * Events of a failed attempt were already streamed and stay; its pending state writes are dropped.
 */
export async function executeChildNode(params: ExecuteChildNodeParams): Promise<NodeContext> {
  const { parent, node, input, options = {}, nodeState } = params
  const nodeName = options.nodeName ?? node.name
  const nodePath = options.overrideNodePath ?? (parent.nodePath ? `${parent.nodePath}.${nodeName}` : nodeName)
  const runId = options.runId ?? nodeName
  const parentIc = parent.invocationContext
  let branch = parentIc.branch
  if (options.overrideBranch !== undefined) branch = options.overrideBranch
  else if (options.useSubBranch) {
    branch = createSubBranch(
      parentIc.branch,
      options.runId !== undefined ? { name: nodeName, runId } : { name: nodeName },
    )
  }
  const signal = params.abortSignal ?? parentIc.abortSignal
  const ic =
    branch === parentIc.branch && signal === parentIc.abortSignal
      ? parentIc
      : parentIc.clone({ branch, abortSignal: signal })
  // In a durable run a node whose work is its own code is one checkpointed step: its events are collected while it
  // runs and stored after the step (from the record, on a re-execution, without running it again).
  const hook = ic.hooks?.runNode
  const stepped = hook !== undefined && node.checkpointAsStep
  const collected: Event[] = []
  const child = parent.spawn({
    // Inside the step its model and tool calls are not steps of their own: the step's record holds their outcome.
    invocationContext: stepped ? ic.clone({ hooks: undefined }) : ic,
    channel: stepped ? { push: (event: Event) => void collected.push(event) } : parent.channel,
    nodePath,
    runId,
    resumeInputs: params.resumeInputs ?? parent.resumeInputs,
    // A node's own schema wins; otherwise it answers to its parent's.
    stateSchema: node.stateSchema ?? parent.stateSchema,
  })
  if (options.useAsOutput) child.outputForAncestors = [parent.nodePath, ...parent.outputForAncestors].filter(Boolean)
  if (!stepped) await runWithRetries(node, child, input, nodeName, signal, nodeState)
  else {
    const outcome = await hook.call(ic.hooks, { nodePath, nodeName, runId, branch }, async () => {
      await runWithRetries(node, child, input, nodeName, signal, nodeState)
      const result: NodeRunOutcome = { events: collected }
      if (child.output !== undefined) result.output = child.output
      if (child.route !== undefined) result.route = child.route
      return result
    })
    child.output = outcome.output
    child.route = outcome.route
    for (const event of outcome.events) {
      if (event.output !== undefined || event.route !== undefined) child.resultRecorded = true
      const stored = parent.channel.push(event)
      if (stored) await stored
    }
  }
  if (options.useAsOutput) {
    parent.output = child.output
    parent.route = child.route
    parent.outputDelegated = true
  }
  return child
}

/** The node's attempts: each under its timeout and the signal, again per `retryConfig` after a failure. */
async function runWithRetries(
  node: BaseNode,
  child: NodeContext,
  input: unknown,
  nodeName: string,
  signal: AbortSignal | undefined,
  nodeState: NodeState | undefined,
): Promise<void> {
  let attempt = nodeState?.attemptCount ?? 1
  for (;;) {
    if (signal?.aborted) {
      throw new InvocationAbortedError(`Invocation aborted before node '${nodeName}' ran.`, {
        invocationId: child.invocationId,
      })
    }
    resetAttempt(child)
    child.attemptCount = attempt
    try {
      await runAttempt(node, child, input, nodeName, signal)
      failIfReportedError(child, nodeName)
      return
    } catch (error) {
      if (InvocationAbortedError.isInstance(error) || DynamicNodeFailError.isInstance(error)) throw error
      const retry = node.preparedRetryConfig
      if (!retry || !shouldRetryNode(error, retry, attempt)) throw error
      const seconds = getRetryDelaySeconds(retry, attempt)
      attempt++
      if (nodeState) nodeState.attemptCount = attempt
      await delay(seconds * 1000, signal, nodeName)
    }
  }
}

/** One attempt: the node's events consumed under its timeout and the cancellation signal. */
async function runAttempt(
  node: BaseNode,
  child: NodeContext,
  input: unknown,
  nodeName: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const timeout = node.timeout
  if (timeout === undefined) {
    // Without a deadline the node runs to its end; a cooperative node watches `ctx.abortSignal`.
    child.abortSignal = signal
    try {
      for await (const event of node.run(child, input)) await consume(child, event, nodeName)
    } finally {
      child.abortSignal = undefined
    }
    return
  }
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeout * 1000)
  const onAbort = () => controller.abort()
  if (signal?.aborted) controller.abort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  child.abortSignal = controller.signal
  let rejectStop: (error: unknown) => void = () => undefined
  const stopped = new Promise<never>((_, reject) => (rejectStop = reject))
  stopped.catch(() => undefined)
  const fail = () =>
    rejectStop(
      timedOut
        ? new NodeTimeoutError({ nodeName, timeout, invocationId: child.invocationId })
        : new InvocationAbortedError(`Invocation aborted while running node '${nodeName}'.`, {
            invocationId: child.invocationId,
          }),
    )
  if (controller.signal.aborted) fail()
  else controller.signal.addEventListener('abort', fail, { once: true })
  const iterator = node.run(child, input)[Symbol.asyncIterator]()
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), stopped])
      if (next.done) break
      await consume(child, next.value, nodeName)
    }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    child.abortSignal = undefined
    void Promise.resolve(iterator.return?.(undefined)).catch(() => undefined)
  }
}

/** Stamps an event of the node, records its output / route / reported error, and hands it to the stream. */
function consume(child: NodeContext, event: Event, nodeName: string): unknown {
  // State the node put on an event itself (not through ctx.state, checked on write) answers to the schema too: a
  // refused delta fails the node before the event is stored.
  if (child.stateSchema !== undefined) {
    const delta = event.actions?.stateDelta
    if (delta && (!child.hasActions || delta !== child.actions.stateDelta)) child.state.validateDelta(delta)
  }
  if (!event.author) event.author = nodeName
  if (!event.invocationId) event.invocationId = child.invocationId
  const info: NonNullable<Event['nodeInfo']> = { ...event.nodeInfo, path: child.nodePath, runId: child.runId }
  event.nodeInfo = info
  const branch = child.branch
  if (branch !== undefined && event.branch === undefined) event.branch = branch
  if (event.output !== undefined || event.route !== undefined) child.resultRecorded = true
  if (event.output !== undefined) {
    child.output = event.output
    info.outputFor = [child.nodePath, ...child.outputForAncestors]
    if (child.outputDelegated && !hasStateDelta(event)) return undefined
  }
  if (event.route !== undefined) child.route = event.route
  if (event.errorCode !== undefined && !isNodeErrorEvent(event)) {
    child.reportedError = { errorCode: event.errorCode, errorMessage: event.errorMessage }
  }
  if (event.longRunningToolIds) {
    for (const id of event.longRunningToolIds) if (!child.interruptIds.includes(id)) child.interruptIds.push(id)
  }
  return child.channel.push(event)
}

function hasStateDelta(event: Event): boolean {
  for (const _ in event.actions.stateDelta) return true
  return false
}

/** A node that reported an error event and produced nothing failed. */
function failIfReportedError(child: NodeContext, nodeName: string): void {
  const reported = child.reportedError
  if (!reported || child.output !== undefined || child.route !== undefined || child.interruptIds.length > 0) return
  const error = new NodeReportedError({ nodeName, ...reported })
  // The node's own error event already records the failure: no second record.
  claimNodeErrorReport(error, child.invocationId)
  throw error
}

function resetAttempt(child: NodeContext): void {
  child.resultRecorded = false
  child.output = undefined
  child.route = undefined
  child.interruptIds = []
  child.reportedError = undefined
  if (child.hasActions) for (const key of Object.keys(child.actions.stateDelta)) delete child.actions.stateDelta[key]
}

function delay(ms: number, signal: AbortSignal | undefined, nodeName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () =>
      new InvocationAbortedError(`Invocation aborted while node '${nodeName}' waited to be retried.`)
    if (signal?.aborted) {
      reject(aborted())
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(aborted())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
