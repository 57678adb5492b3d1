import type { CliIo } from '../cli/cli-io.js'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { CliUsageError } from '../cli/cli-usage-error.js'
import { loadSource } from '../cli/load-source.js'
import { pickBuilder } from '../cli/pick-builder.js'
import { openMemory, openSessions } from './open-sessions.js'
import { PortInUseError, startWebServer } from './web-server.js'

/** What `adk-fluent web` was given. */
export interface WebCommandInput {
  readonly file: string
  readonly exportName: string | undefined
  readonly port: number
  readonly sessions: string | undefined
  /** Where the memories are stored (`--memory`, the URIs of `--sessions`); default `memory:`. */
  readonly memory?: string | undefined
  /** The session the page opens (created when the store does not have it). */
  readonly session: string | undefined
  /** `--replies`: per-agent replies the chat runs on offline. */
  readonly replies?: string | undefined
}

const modelNames = {
  own: "the agents' own models",
  gemini: 'Gemini (GOOGLE_API_KEY)',
  'mock-script': 'offline, the mockScript replies',
} as const

/** Resolves on Ctrl+C or a termination signal. */
export function untilStopped(): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      done()
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}

/**
 * `adk-fluent web <file>`: loads the module (or the agent config or skill, with `--replies`), starts the dev UI on 127.0.0.1, prints its URL and serves until stopped
 * (exit 0). A file that is not a module, or a module that does not load, is a `CliUsageError` from the shared loader
 * (exit 2, its error on stderr); a module without a builder, or whose tree does not build, is served with chat off
 * and the page (and stderr) saying why; a taken port says so and suggests a free one (exit 1).
 */
export async function webCommand(
  input: WebCommandInput,
  io: CliIo,
  stopped: Promise<void> = untilStopped(),
): Promise<number> {
  // The same loader as every other command: only modules are run, and a failure shows the module's own error.
  const module = await loadSource(input.file, io.cwd, input.replies)
  // A module that loads but gives no builder still gets its page, which says why (as the terminal does).
  let builder: FlowBuilder | undefined
  let noBuilder: string | undefined
  try {
    builder = pickBuilder(module, input.file, input.exportName)
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error
    noBuilder = error.message
  }
  const sessions = await openSessions(input.sessions)
  let memory
  try {
    memory = await openMemory(input.memory)
  } catch (error) {
    await sessions.close()
    throw error
  }
  let server
  try {
    server = await startWebServer({
      builder,
      ...(noBuilder === undefined ? {} : { noBuilder }),
      module,
      file: input.file,
      env: io.env,
      port: input.port,
      sessionService: sessions.service,
      sessionsUri: sessions.uri,
      memoryService: memory.service,
      memoryUri: memory.uri,
      ...(input.session === undefined ? {} : { session: input.session }),
    })
  } catch (error) {
    await sessions.close()
    await memory.close()
    if (error instanceof PortInUseError) {
      io.stderr.write(`adk-fluent: ${error.message}\n`)
      return 1
    }
    throw error
  }
  const models =
    server.app.models === undefined
      ? 'none (chat is off)'
      : server.app.models === 'mock-script' && input.replies !== undefined
        ? `offline, the replies of ${input.replies}`
        : modelNames[server.app.models]
  io.stdout.write(
    `adk-fluent web: ${server.app.appName} at ${server.url}\n  models: ${models}; sessions: ${sessions.uri}; memory: ${memory.uri}\n  Ctrl+C stops it.\n`,
  )
  if (server.app.buildProblem !== undefined)
    io.stderr.write(
      `adk-fluent: ${server.app.chatOff}\n${server.app.buildProblem.message}\nThe page shows what can be shown.\n`,
    )
  await stopped
  await server.close()
  await sessions.close()
  await memory.close()
  return 0
}
