import { basename, dirname, extname, resolve } from 'node:path'
import { chooseRunModel } from '../cli/choose-run-model.js'
import type { CliIo } from '../cli/cli-io.js'
import { loadTarget } from '../cli/load-target.js'
import { openSessions } from '../web/open-sessions.js'
import { untilStopped } from '../web/web-command.js'
import { startAdkApiServer, type AdkApiServer } from './adk-api-server.js'
import { AdkWebMissingError } from './adk-web-assets.js'

/** What `adk-fluent api-server` was given. */
export interface ApiServerCommandInput {
  readonly file: string
  readonly exportName: string | undefined
  readonly port: number
  readonly sessions: string | undefined
  readonly adkWeb: boolean
  /** `--replies`: per-agent replies the models run on offline. */
  readonly replies?: string | undefined
}

const modelNames = {
  own: "the agents' own models",
  gemini: 'Gemini (GOOGLE_API_KEY)',
  'mock-script': 'offline, the mockScript replies (one script shared by every session)',
} as const

/**
 * The app's name: the file's name without its extension (`support.ts` → `support`), as ADK names an app after its
 * folder; for an agent file that ADK finds by its fixed name (`root_agent.yaml`, `SKILL.md`), its folder's name.
 */
export function appNameOf(file: string): string {
  const name = basename(file)
  if (name === 'root_agent.yaml' || name === 'root_agent.yml' || name.toLowerCase() === 'skill.md')
    return basename(dirname(resolve(file)))
  return basename(file, extname(file))
}

/**
 * `adk-fluent api-server <file>`: serves the module's builder as the app named after the file over ADK's HTTP API on
 * 127.0.0.1 (and Google's dev UI at `/dev-ui/` with `--adk-web`), prints the URL and serves until stopped (exit 0).
 * A port in use or a missing `@google/adk-devtools` says so (exit 1).
 */
export async function apiServerCommand(
  input: ApiServerCommandInput,
  io: CliIo,
  stopped: Promise<void> = untilStopped(),
): Promise<number> {
  const { module, builder } = await loadTarget(input.file, input.exportName, io, input.replies)
  const appName = appNameOf(input.file)
  // The models: the agents' own, Gemini with a key, or the module's mockScript (installed before the server builds).
  const models = chooseRunModel(builder.build(), module, io.env, input.file).kind
  const sessions = await openSessions(input.sessions)
  let server: AdkApiServer
  try {
    server = await startAdkApiServer({
      apps: { [appName]: builder },
      port: input.port,
      sessionService: sessions.service,
      adkWeb: input.adkWeb,
    })
  } catch (error) {
    await sessions.close()
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || AdkWebMissingError.isInstance(error)) {
      io.stderr.write(
        `adk-fluent: ${code === 'EADDRINUSE' ? `port ${input.port} on 127.0.0.1 is already in use. Pick another with --port <n>.` : (error as Error).message}\n`,
      )
      return 1
    }
    throw error
  }
  io.stdout.write(
    `adk-fluent api-server: app "${appName}" at ${server.url}\n  models: ${modelNames[models]}; sessions: ${sessions.uri}\n` +
      (input.adkWeb ? `  adk-web: ${server.url}/dev-ui/\n` : '') +
      '  Ctrl+C stops it.\n',
  )
  await stopped
  await server.close()
  await sessions.close()
  return 0
}
