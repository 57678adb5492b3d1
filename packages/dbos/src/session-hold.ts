import { AbortError, type BaseSessionService, type SessionLease } from '@adk-fluent/core'

/** A durable run's hold on its session. */
export interface SessionHold {
  /** The lease (`undefined` when the session service has no leases). */
  readonly lease: SessionLease | undefined
  /** True once a renewal found the lease taken by another owner (this execution must not write any more). */
  lost(): boolean
  /** Stops renewing and gives the lease back. */
  release(): Promise<void>
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

/**
 * Takes the session's lease for a durable run, waiting (backoff up to 0.5 s) while another run holds it: a live
 * lease of another run, or the lease of a killed worker until it expires. Renewed every third of `ttlMs` until
 * released. A session service without leases gives an empty hold (the queue's session partition still keeps two
 * runs of one session apart).
 */
export async function holdSession(request: HoldRequest): Promise<SessionHold> {
  const { service, appName, userId, sessionId, owner, ttlMs } = request
  if (!service.acquireLease) return { lease: undefined, lost: () => false, release: async () => undefined }
  let delay = 20
  let lastCancelCheck = Date.now()
  let lease: SessionLease | undefined
  while (!(lease = await service.acquireLease({ appName, userId, sessionId, owner, ttlMs }))) {
    if (Date.now() - lastCancelCheck >= 1000) {
      lastCancelCheck = Date.now()
      if (await request.cancelled()) throw new AbortError('The run was cancelled while it waited for its session.')
    }
    await sleep(delay)
    delay = Math.min(delay * 2, 500)
  }
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
