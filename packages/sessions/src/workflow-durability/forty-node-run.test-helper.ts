import { appendFileSync } from 'node:fs'
import { Runner, type Event, type BaseSessionService } from '@adk-fluent/core'
import { fortyNodeWorkflow } from './forty-node-workflow.test-helper.js'

export const APP = 'durable'
export const USER = 'u'
export const INVOCATION = 'inv-forty'
export const MESSAGE = 'audit the accounts'

/** True for the event that records a node run's completion: its output, its route or a completion record. */
export function isCompletion(event: Event): boolean {
  return (
    event.nodeInfo?.path !== undefined &&
    (event.output !== undefined || event.route !== undefined || event.nodeInfo.completed === true)
  )
}

/**
 * Runs (or resumes: the same invocation id) the 40-node workflow on `service`, logging side effects to `logPath`;
 * `onCompletion(count)` is called after each node completion was stored (the runner yields an event once stored).
 */
export async function runForty(
  service: BaseSessionService,
  sessionId: string,
  logPath: string,
  onCompletion?: (count: number) => boolean | void,
): Promise<Event[]> {
  const runner = new Runner({
    appName: APP,
    agent: fortyNodeWorkflow((entry) => appendFileSync(logPath, `${entry}\n`)),
    sessionService: service,
    leaseTtlMs: 400,
    onBusy: 'wait',
  })
  const events: Event[] = []
  let completed = 0
  for await (const event of runner.runAsync({
    userId: USER,
    sessionId,
    invocationId: INVOCATION,
    newMessage: { role: 'user', parts: [{ text: MESSAGE }] },
  })) {
    events.push(event)
    if (isCompletion(event) && onCompletion?.(++completed) === true) break
  }
  return events
}
