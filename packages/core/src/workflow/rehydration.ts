import type { Event, Route } from '../events/event.js'
import { REQUEST_INPUT_FUNCTION_CALL_NAME, RESPONSE_SCHEMA_ARG } from '../pause/interrupt-names.js'
import { unwrapReply } from '../pause/response-schema.js'
import type { NodeResult } from './node-context.js'

/** What the session records of one earlier run of a node (its result, when it finished). */
export interface RecordedRun {
  output: unknown
  route: Route | undefined
  branch: string | undefined
  /** The run finished: an output, a route or a completion record was stored. */
  finished: boolean
  /** The run's id, when its events carry one. */
  runId: string | undefined
  /** The interrupts the run paused on (the ids of its long-running calls), when it did not finish. */
  interruptIds: string[]
}

/**
 * The events of the invocation in progress, oldest first: a run resumed under the same invocation id (after its
 * worker died, or after a pause) finds what its nodes already recorded. The invocation's events end the session, so
 * the scan stops at the first older event.
 */
export function invocationEvents(events: readonly Event[], invocationId: string): Event[] {
  let start = events.length
  while (start > 0 && (events[start - 1] as Event).invocationId === invocationId) start--
  return start === events.length ? [] : events.slice(start)
}

/** Every path an event's output answers for: the emitting node's, then the ancestors that took it as theirs. */
function resultPaths(event: Event): readonly string[] {
  const info = event.nodeInfo
  if (!info?.path) return []
  return info.outputFor && info.outputFor.length > 0 ? info.outputFor : [info.path]
}

/**
 * The recorded runs of each direct child of `parentPath` (keyed by the child's path segment: `name`, or `name@runId`
 * for a dynamic run), in order: a node a loop runs three times has three records, matched in order on resume.
 */
export function recordedRuns(events: readonly Event[], parentPath: string): Map<string, RecordedRun[]> {
  const prefix = parentPath ? `${parentPath}.` : ''
  return collectRuns(events, (path) => {
    if (!path.startsWith(prefix)) return undefined
    const segment = path.slice(prefix.length)
    return segment.length === 0 || segment.includes('.') ? undefined : segment
  })
}

/** The recorded runs of every node path (a dynamic run's path is unique: `wf.node@2`). */
export function recordedRunsByPath(events: readonly Event[]): Map<string, RecordedRun[]> {
  return collectRuns(events, (path) => path)
}

function collectRuns(
  events: readonly Event[],
  keyOf: (path: string) => string | undefined,
): Map<string, RecordedRun[]> {
  const runs = new Map<string, RecordedRun[]>()
  for (const event of events) {
    const completed = event.nodeInfo?.completed === true
    if (event.output === undefined && event.route === undefined && !completed) {
      if (event.longRunningToolIds?.length && event.nodeInfo?.path) recordInterrupt(runs, event, keyOf)
      continue
    }
    for (const path of resultPaths(event)) {
      const segment = keyOf(path)
      if (segment === undefined) continue
      let list = runs.get(segment)
      if (!list) runs.set(segment, (list = []))
      // A run id tells runs apart only on the emitting node's own path (not on the ancestors it answers for).
      const runId = path === event.nodeInfo?.path ? event.nodeInfo.runId : undefined
      const last = list[list.length - 1]
      // Events of one run share its id (the last output of a run is its result); without ids (events written by
      // another runtime) a run that already has its result is closed and the next event opens the next run.
      const same = last !== undefined && (runId !== undefined ? last.runId === runId : !last.finished)
      const record: RecordedRun = same
        ? last
        : { output: undefined, route: undefined, branch: event.branch, finished: false, runId, interruptIds: [] }
      if (event.output !== undefined) record.output = event.output
      else if (completed && event.nodeInfo && 'completedOutput' in event.nodeInfo) {
        record.output = event.nodeInfo.completedOutput
      }
      if (event.route !== undefined) record.route = event.route
      record.finished = true
      if (!same) list.push(record)
    }
  }
  return runs
}

/** A pause of the emitting node's run: an unfinished record of it, holding the interrupt ids. */
function recordInterrupt(
  runs: Map<string, RecordedRun[]>,
  event: Event,
  keyOf: (path: string) => string | undefined,
): void {
  const info = event.nodeInfo as NonNullable<Event['nodeInfo']>
  const segment = keyOf(info.path as string)
  if (segment === undefined) return
  let list = runs.get(segment)
  if (!list) runs.set(segment, (list = []))
  const last = list[list.length - 1]
  const same = last !== undefined && !last.finished && (info.runId === undefined || last.runId === info.runId)
  const record: RecordedRun = same
    ? last
    : {
        output: undefined,
        route: undefined,
        branch: event.branch,
        finished: false,
        runId: info.runId,
        interruptIds: [],
      }
  for (const id of event.longRunningToolIds ?? []) if (!record.interruptIds.includes(id)) record.interruptIds.push(id)
  if (!same) list.push(record)
}

/**
 * The user's replies to the `adk_request_input` pauses of workflow nodes in `events` (an invocation's), by interrupt
 * id: `{ result: x }` unwrapped to `x` (ADK 2.0's resume inputs; a later reply to the same id wins).
 */
export function interruptReplies(events: readonly Event[]): Record<string, unknown> | undefined {
  let schemas: Map<string, unknown> | undefined
  let replies: Record<string, unknown> | undefined
  for (const event of events) {
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall
      if (call?.name === REQUEST_INPUT_FUNCTION_CALL_NAME && call.id && event.nodeInfo?.path) {
        ;(schemas ??= new Map()).set(call.id, call.args?.[RESPONSE_SCHEMA_ARG] ?? undefined)
      }
      const response = part.functionResponse
      if (event.author === 'user' && response?.id && schemas?.has(response.id)) {
        ;(replies ??= {})[response.id] = unwrapReply(response.response, schemas.get(response.id) ?? undefined)
      }
    }
  }
  return replies
}

/** A finished recorded run as the result of a node that is not run again. */
export function recordedResult(run: RecordedRun): NodeResult {
  return { output: run.output, route: run.route, branch: run.branch, interruptIds: [] }
}

/**
 * The result of a run that paused for input once every interrupt of it has a reply: the reply (several replies in
 * the order of the interrupts); `undefined` while one is missing.
 */
export function repliedResult(run: RecordedRun, replies: Record<string, unknown>): NodeResult | undefined {
  if (run.interruptIds.length === 0 || !run.interruptIds.every((id) => replies[id] !== undefined)) return undefined
  const values = run.interruptIds.map((id) => replies[id])
  return { output: values.length === 1 ? values[0] : values, route: undefined, branch: run.branch, interruptIds: [] }
}

/**
 * The one `adk_request_input` pause of a workflow node in `events` (an invocation's, oldest first) that no reply
 * answered yet: its id and invocation; `undefined` when none or several are pending (a plain-text reply is then not
 * an answer, as in ADK 2.0).
 */
export function soleOpenInputRequest(events: readonly Event[]): { id: string; invocationId: string } | undefined {
  const open = new Map<string, string>()
  for (const event of events) {
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall
      if (call?.name === REQUEST_INPUT_FUNCTION_CALL_NAME && call.id && event.nodeInfo?.path) {
        open.set(call.id, event.invocationId)
      }
      const response = part.functionResponse
      if (response?.id) open.delete(response.id)
    }
  }
  if (open.size !== 1) return undefined
  const [id, invocationId] = open.entries().next().value as [string, string]
  return { id, invocationId }
}

/** True for a message of text parts only (a plain-text reply). */
export function isPlainText(
  content: { parts?: readonly { text?: string | undefined }[] | undefined } | undefined,
): boolean {
  const parts = content?.parts ?? []
  return parts.length > 0 && parts.every((part) => typeof part.text === 'string')
}
