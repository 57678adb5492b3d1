import type { ClosableMemoryService, ClosableSessionService } from '@adk-fluent/sessions'
import { loadOptionalPeer } from './load-optional-peer.js'
import { redactUri } from './redact-uri.js'

/** The part of `@adk-fluent/sessions` the CLI and the dev UI use. */
export interface SessionsPackage {
  openSessionService(uri: string): ClosableSessionService
  openMemoryService(uri: string): ClosableMemoryService
}

/** The driver a session store URI needs besides `@adk-fluent/sessions`. */
function driverOf(uri: string): string {
  if (/^postgres(ql)?:\/\//.test(uri.trim())) return ' pg'
  if (uri.trim().startsWith('sqlite:')) return ' @libsql/client'
  return ''
}

/**
 * Loads `@adk-fluent/sessions`, an optional peer of this package, when a session store URI asks for it; when it is not
 * installed, a {@link CliUsageError} says what to install. `load` is for tests.
 */
export function loadSessionsPackage(
  uri: string,
  load: () => Promise<unknown> = () => import('@adk-fluent/sessions'),
): Promise<SessionsPackage> {
  return loadOptionalPeer(
    '@adk-fluent/sessions',
    load,
    `the session store "${redactUri(uri)}" needs the @adk-fluent/sessions package, which is not installed: npm install @adk-fluent/sessions${driverOf(uri)}`,
  )
}
