import { AbortError, type BaseSessionService, type SessionLease } from '@adk-fluent/core'

/** A durable run's hold on its session. */
export interface SessionHold {
  /** The lease (`undefined` when the session service has no leases). */
  readonly lease: SessionLease | undefined
  /** True once a renewal found the lease taken by another owner (this execution must not write any more). */
  lost(): boolean
  /**
   * True while the lease is certainly still this run's without asking the store: it was granted or renewed less
   * than half its lifetime ago (by the wall clock and the monotonic clock), so no other run can have taken it.
   * False after a pause (a stopped process, a blocked event loop) or when renewals fail: then {@link confirm}.
   * Always true without leases.
   */
  fresh(): boolean
  /** Renews the lease now: true when it is still this run's; false (and {@link lost} from then on) when it was taken. */
  confirm(): Promise<boolean>
  /** Stops renewing and gives the lease back (once: later calls wait for the first). */
  release(): Promise<void>
}

/** The hold of a run whose session service has no leases: nothing to lose, renew or give back. */
export const noLease: SessionHold = {
  lease: undefined,
  lost: () => false,
  fresh: () => true,
  confirm: async () => true,
  release: async () => undefined,
}

/** What {@link holdSession} needs. */
export interface HoldRequest {
  service: BaseSessionService
  appName: string
  userId: string
  sessionId: string
  /** The run's owner id: the same for every execution of one run on one worker. */
  owner: string
  ttlMs: number
  /** Polled while the session is held by another run: true stops waiting (the run was cancelled). */
  cancelled: () => Promise<boolean>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The wall clock and the monotonic clock, now. */
const now = () => ({ wall: Date.now(), mono: performance.now() })

/**
 * Takes the session's lease for a durable run, waiting (backoff up to 0.5 s) while another run holds it: a live
 * lease of another run, or the lease of a killed worker until it expires. Renewed every third of `ttlMs` until
 * released. A session service without leases gives an empty hold (the queue's session partition still keeps two
 * runs of one session apart).
 */
export async function holdSession(request: HoldRequest): Promise<SessionHold> {
  const { service, appName, userId, sessionId, owner, ttlMs } = request
  if (!service.acquireLease) return noLease
  let delay = 20
  let lastCancelCheck = Date.now()
  let lease: SessionLease | undefined
  // When the request that granted (or last renewed) the lease was sent: the lease lives at least `ttlMs` from then.
  let confirmed = now()
  while (!(lease = await service.acquireLease({ appName, userId, sessionId, owner, ttlMs }))) {
    confirmed = now()
    if (Date.now() - lastCancelCheck >= 1000) {
      lastCancelCheck = Date.now()
      if (await request.cancelled()) throw new AbortError('The run was cancelled while it waited for its session.')
    }
    await sleep(delay)
    delay = Math.min(delay * 2, 500)
  }
  const held = lease
  let lost = false
  let released: Promise<void> | undefined
  const renew = async (): Promise<boolean> => {
    if (lost) return false
    // A service that cannot renew leases never makes its lease fresh again: every later call asks the run store.
    if (!service.renewLease) return true
    const sent = now()
    const renewed = await service.renewLease(held, ttlMs)
    if (!renewed) lost = true
    else if (sent.wall > confirmed.wall) confirmed = sent
    return renewed
  }
  const timer = setInterval(
    () => {
      renew().catch(() => undefined)
    },
    Math.max(10, Math.floor(ttlMs / 3)),
  )
  timer.unref?.()
  return {
    lease: held,
    lost: () => lost,
    fresh() {
      if (lost) return false
      const at = now()
      // Both clocks: the monotonic one is immune to clock changes, the wall clock also runs while a VM is suspended.
      return Math.max(at.wall - confirmed.wall, at.mono - confirmed.mono) < ttlMs / 2
    },
    confirm: renew,
    release() {
      clearInterval(timer)
      // Once: a second call waits for the first.
      released ??= Promise.resolve(service.releaseLease?.(held))
      return released
    },
  }
}
