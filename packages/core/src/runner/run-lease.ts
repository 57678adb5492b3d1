import type { BaseSessionService, SessionLease } from '../sessions/base-session-service.js'
import { SessionBusyError } from '../errors/session-errors.js'
import { AbortError } from '../errors/runtime-errors.js'
import { processLeasesOf, type ProcessLeases } from '../sessions/process-leases.js'

/** What a run does when another run holds its session. */
export type OnBusy = 'reject' | 'wait'

/** A run's hold on its session: the lease to pass to appends, whether it was lost, and how to give it back. */
export interface RunLease {
  readonly lease: SessionLease | undefined
  /** True once a renewal found the lease taken by another run. */
  lost(): boolean
  /** Gives the session back: at once, or once the returned promise settles. */
  release(): Promise<void> | undefined
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

/**
 * Renews the leases held by this process's runs, every third of their lifetime: one timer per lifetime in use, not
 * one per run (a run is often shorter than creating and clearing a timer). A timer stops on a tick with nothing to
 * renew.
 */
class Renewals {
  readonly #byTtl = new Map<number, { held: Set<LeaseHold>; timer: ReturnType<typeof setInterval> }>()

  add(held: LeaseHold): void {
    const period = Math.max(10, Math.floor(held.ttlMs / 3))
    let group = this.#byTtl.get(held.ttlMs)
    if (!group) {
      group = { held: new Set<LeaseHold>(), timer: setInterval(() => this.#renew(held.ttlMs), period) }
      group.timer.unref?.()
      this.#byTtl.set(held.ttlMs, group)
    }
    group.held.add(held)
  }

  delete(held: LeaseHold): void {
    this.#byTtl.get(held.ttlMs)?.held.delete(held)
  }

  #renew(ttlMs: number): void {
    const group = this.#byTtl.get(ttlMs)
    if (!group) return
    if (group.held.size === 0) {
      clearInterval(group.timer)
      this.#byTtl.delete(ttlMs)
      return
    }
    for (const held of group.held) {
      held.service.renewLease?.(held.lease, ttlMs).then(
        (renewed) => {
          if (!renewed) held.markLost()
        },
        () => undefined,
      )
    }
  }
}

const renewals = new Renewals()

/** Settles after `ms`, or when `wake` settles first; an abort rejects with {@link AbortError}. */
const sleep = (ms: number, signal: AbortSignal | undefined, wake?: Promise<void>) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError())
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    const timer = setTimeout(done, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new AbortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    wake?.then(done, done)
  })

/**
 * Takes the session for one run: a lease of this process ({@link ProcessLeases}: no expiry, no renewal), the
 * service's lease (renewed every third of its lifetime until released) or, for a service without leases, a hold
 * inside this process. Answers at once (no promise) when the session is free and the service offers process leases.
 * Busy: `reject` throws {@link SessionBusyError}; `wait` retries with backoff (up to 0.5 s apart) until the session
 * is free or the run is aborted; with process leases a waiting run is also woken as soon as the session is given back.
 */
export function acquireRunLease(target: LeaseTarget): RunLease | Promise<RunLease> {
  const local = processLeasesOf(target.service)
  const lease = local?.hold(target)
  return local && lease ? new ProcessHold(local, lease) : acquireLater(target, local)
}

async function acquireLater(target: LeaseTarget, local: ProcessLeases | undefined): Promise<RunLease> {
  const { service, appName, userId, sessionId, owner, ttlMs } = target
  if (local) {
    let lease: SessionLease | undefined
    // Woken when the holder gives the session back; the timer covers a lease held by an expiring async owner.
    for (let delay = 10; !(lease = local.hold(target)); delay = Math.min(delay * 2, 500))
      await waitWhileBusy(target, delay, () => local.released(target))
    return new ProcessHold(local, lease)
  }
  if (!service.acquireLease) {
    let holds = localHolds.get(service)
    if (!holds) localHolds.set(service, (holds = new Set()))
    const key = JSON.stringify([appName, userId, sessionId])
    for (let delay = 10; holds.has(key); delay = Math.min(delay * 2, 500)) await waitWhileBusy(target, delay)
    holds.add(key)
    return new LocalHold(holds, key)
  }
  let lease = await service.acquireLease({ appName, userId, sessionId, owner, ttlMs })
  for (let delay = 10; !lease; delay = Math.min(delay * 2, 500)) {
    await waitWhileBusy(target, delay)
    lease = await service.acquireLease({ appName, userId, sessionId, owner, ttlMs })
  }
  const held = new LeaseHold(service, lease, ttlMs)
  renewals.add(held)
  return held
}

/** Busy: `reject` throws {@link SessionBusyError}; `wait` sleeps `delay` ms or until `wake()` settles (an abort ends the wait). */
function waitWhileBusy(target: LeaseTarget, delay: number, wake?: () => Promise<void>): Promise<void> {
  if (target.onBusy === 'reject') {
    throw new SessionBusyError(
      `Session "${target.sessionId}" is busy: another run holds it. Retry later, or run with onBusy: 'wait' to queue behind it.`,
    )
  }
  return sleep(delay, target.abortSignal, wake?.())
}

/** A service lease held by a run, renewed by {@link renewals} until released. */
class LeaseHold implements RunLease {
  #lost = false
  constructor(
    readonly service: BaseSessionService,
    readonly lease: SessionLease,
    readonly ttlMs: number,
  ) {}

  lost(): boolean {
    return this.#lost
  }

  markLost(): void {
    this.#lost = true
  }

  async release(): Promise<void> {
    renewals.delete(this)
    await this.service.releaseLease?.(this.lease)
  }
}

/** A lease of this process ({@link ProcessLeases}): never lost, released at once. */
class ProcessHold implements RunLease {
  constructor(
    readonly leases: ProcessLeases,
    readonly lease: SessionLease,
  ) {}

  lost(): boolean {
    return false
  }

  release(): undefined {
    this.leases.release(this.lease)
  }
}

/** A hold inside this process, for a service without leases. */
class LocalHold implements RunLease {
  readonly lease = undefined
  constructor(
    readonly holds: Set<string>,
    readonly key: string,
  ) {}

  lost(): boolean {
    return false
  }

  release(): undefined {
    this.holds.delete(this.key)
  }
}
