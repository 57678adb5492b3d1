import type { A2aServer, A2aTarget, ServeA2aOptions } from '@adk-fluent/a2a'
import { loadOptionalPeer } from './load-optional-peer.js'

/** The part of `@adk-fluent/a2a` the CLI uses. */
export interface A2aPackage {
  serveA2a(target: A2aTarget, options?: ServeA2aOptions): Promise<A2aServer>
}

/**
 * Loads `@adk-fluent/a2a`, an optional peer of this package (it brings the A2A SDK and express, which only `adk-fluent
 * a2a` needs), when the command runs; when it is not installed, a {@link CliUsageError} says what to install. `load`
 * is for tests.
 */
export function loadA2aPackage(load: () => Promise<unknown> = () => import('@adk-fluent/a2a')): Promise<A2aPackage> {
  return loadOptionalPeer(
    '@adk-fluent/a2a',
    load,
    '"a2a" needs the @adk-fluent/a2a package, which is not installed: npm install @adk-fluent/a2a',
  )
}
