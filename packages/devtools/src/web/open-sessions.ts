import {
  ConfigError,
  InMemoryMemoryService,
  InMemorySessionService,
  type BaseMemoryService,
  type BaseSessionService,
} from '@adk-fluent/core'
import { CliUsageError } from '../cli/cli-usage-error.js'
import { loadSessionsPackage } from '../cli/load-sessions-package.js'
import { redactUri } from '../cli/redact-uri.js'

/** The session store of the dev UI, with its URI as shown to the user (a password in it replaced by `***`). */
export interface OpenedSessions {
  readonly service: BaseSessionService
  readonly uri: string
  readonly close: () => Promise<void>
}

/**
 * Opens `--sessions <uri>`: `memory:` (the default: sessions live as long as the server), or any store of
 * `@adk-fluent/sessions` (`sqlite:./file.db`, `sqlite::memory:`, `postgresql://…`; an optional peer), loaded only when
 * asked for.
 */
export async function openSessions(uri: string | undefined): Promise<OpenedSessions> {
  if (uri === undefined || uri === 'memory:')
    return { service: new InMemorySessionService(), uri: 'memory:', close: async () => undefined }
  const sessions = await loadSessionsPackage(uri)
  const service = asUsage('--sessions', uri, () => sessions.openSessionService(uri))
  return { service, uri: redactUri(uri), close: () => service.close() }
}

/** Opens a store; a URI the store cannot use (a `ConfigError`: unknown scheme, bad form) is bad usage, naming the option. */
function asUsage<T>(option: string, uri: string, open: () => T): T {
  try {
    return open()
  } catch (error) {
    if (!ConfigError.isConfigError(error)) throw error
    const problems = error.issues.map((issue) => (issue.hint ? `${issue.message} ${issue.hint}` : issue.message))
    throw new CliUsageError(`${option} ${redactUri(uri)}: ${problems.join(' ')}`)
  }
}

/** The memory store of the dev UI, with its URI as shown to the user (a password in it replaced by `***`). */
export interface OpenedMemory {
  readonly service: BaseMemoryService
  readonly uri: string
  readonly close: () => Promise<void>
}

/**
 * Opens `--memory <uri>` (the URIs of `--sessions`): `memory:` (the default: memories live as long as the server) or
 * a store of `@adk-fluent/sessions`, loaded only when asked for.
 */
export async function openMemory(uri: string | undefined): Promise<OpenedMemory> {
  if (uri === undefined || uri === 'memory:')
    return { service: new InMemoryMemoryService(), uri: 'memory:', close: async () => undefined }
  const sessions = await loadSessionsPackage(uri)
  const service = asUsage('--memory', uri, () => sessions.openMemoryService(uri))
  return { service, uri: redactUri(uri), close: () => service.close() }
}
