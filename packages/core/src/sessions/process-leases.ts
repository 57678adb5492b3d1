import type { SessionLease } from './base-session-service.js'

/**
 * Where a session service that keeps its sessions in this process's memory offers its leases synchronously. The
 * runner looks for it before the asynchronous lease methods.
 * @internal
 */
export const processLeases: unique symbol = Symbol('adk-fluent.processLeases')

/**
 * Leases for runs of this process, on a store in this process's memory: such a lease cannot outlive its holder's
 * process (the store dies with it), so it has no expiry and needs no renewal; it is held until released.
 * @internal
 */
export interface ProcessLeases {
  /** Takes the session when it is free, expired or already this owner's; `undefined` when another holds it. Throws `SessionNotFoundError`. */
  hold(request: { appName: string; userId: string; sessionId: string; owner: string }): SessionLease | undefined
  /** Gives the lease back (a no-op when it was already lost) and wakes the runs waiting for the session. */
  release(lease: SessionLease): void
  /** Settles the next time the session is given back (or deleted): a waiting run then tries again at once. */
  released(request: { appName: string; userId: string; sessionId: string }): Promise<void>
}

/** The service's {@link ProcessLeases}, if it offers them. @internal */
export function processLeasesOf(service: object): ProcessLeases | undefined {
  return (service as { [processLeases]?: ProcessLeases })[processLeases]
}
