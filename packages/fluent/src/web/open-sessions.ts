import { InMemorySessionService, type BaseSessionService } from '@adk-fluent/core'
import { CliUsageError } from '../cli/cli-usage-error.js'

/** The session store of the dev UI, with its URI as shown to the user. */
export interface OpenedSessions {
  readonly service: BaseSessionService
  readonly uri: string
  readonly close: () => Promise<void>
}

/** Opens `--sessions <uri>` (default `memory:`: sessions live as long as the server). */
export async function openSessions(uri: string | undefined): Promise<OpenedSessions> {
  if (uri === undefined || uri === 'memory:') return { service: new InMemorySessionService(), uri: 'memory:', close: async () => undefined }
  throw new CliUsageError(`--sessions ${uri}: this build stores sessions in memory only (--sessions memory:).`)
}
