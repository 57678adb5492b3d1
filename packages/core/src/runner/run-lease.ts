import type { BaseSessionService, SessionLease } from '../sessions/base-session-service.js'
import { SessionBusyError } from '../errors/session-errors.js'
import { AbortError } from '../errors/runtime-errors.js'

/** What a run does when another run holds its session. */
export type OnBusy = 'reject' | 'wait'

/** A run's hold on its session: the lease to pass to appends, whether it was lost, and how to give it back. */
export interface RunLease {
  readonly lease: SessionLease | undefined
  /** True once a renewal found the lease taken by another run. */
  lost(): boolean
  release(): Promise<void>
}

interface LeaseTarget {
  readonly service: BaseSessionService
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
  readonly owner: string
  readonly ttlMs: number
  readonly onBusy: OnBusy
  readonly abortSignal: AbortSignal | undefined
}

/** Sessions held by runs of this process, for services without leases (keyed per service). */
const localHolds = new WeakMap<BaseSessionService, Set<string>>()

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new AbortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/**
 * Takes the session for one run: the service's lease (renewed every third of its lifetime until released) or, for
 * a service without leases, a hold inside this process. Busy: `reject` throws {@link SessionBusyError}; `wait`
 * retries with backoff (up to 0.5 s apart) until the session is free or the run is aborted.
 */
export async function acquireRunLease(target: LeaseTarget): Promise<RunLease> {
  const { service, appName, userId, sessionId, owner, ttlMs, onBusy, abortSignal } = target
  const busy = () =>
    new SessionBusyError(
      `Session "${sessionId}" is busy: another run holds it. Retry later, or run with onBusy: 'wait' to queue behind it.`,
    )
  let delay = 10
  const backoff = async () => {
    if (onBusy === 'reject') throw busy()
    await sleep(delay, abortSignal)
    delay = Math.min(delay * 2, 500)
  }
  if (!service.acquireLease) {
    let holds = localHolds.get(service)
    if (!holds) localHolds.set(service, (holds = new Set()))
    const key = JSON.stringify([appName, userId, sessionId])
    while (holds.has(key)) await backoff()
    holds.add(key)
    return { lease: undefined, lost: () => false, release: async () => void holds.delete(key) }
  }
  let lease: SessionLease | undefined
  while (!(lease = await service.acquireLease({ appName, userId, sessionId, owner, ttlMs }))) await backoff()
  const held = lease
  let lost = false
  const timer = setInterval(
    () => {
      service.renewLease?.(held, ttlMs).then(
        (renewed) => {
          if (!renewed) lost = true
        },
        () => undefined,
      )
    },
    Math.max(10, Math.floor(ttlMs / 3)),
  )
  timer.unref?.()
  return {
    lease: held,
    lost: () => lost,
    async release() {
      clearInterval(timer)
      await service.releaseLease?.(held)
    },
  }
}
