import type { Event, Route } from '../events/event.js'
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
    if (event.output === undefined && event.route === undefined && !completed) continue
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
        : { output: undefined, route: undefined, branch: event.branch, finished: false, runId }
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

/** A finished recorded run as the result of a node that is not run again. */
export function recordedResult(run: RecordedRun): NodeResult {
  return { output: run.output, route: run.route, branch: run.branch, interruptIds: [] }
}
