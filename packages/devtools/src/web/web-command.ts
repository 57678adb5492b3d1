import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { CliUsageError } from '../cli/cli-usage-error.js'
import { importUserModule } from '../cli/import-user-module.js'
import { loadAgentFileModule, withReplies } from '../cli/load-source.js'
import type { CliIo } from '../cli/cli-io.js'
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

/** The error as the loader reported it: its message (every line: esbuild puts the diagnostic after the first). */
function diagnostic(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const stack = error.stack ?? ''
  const message = error.message.trim()
  const frames = stack
    .slice(stack.indexOf(message) + message.length)
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .join('\n')
    .trim()
  return frames ? `${message}\n${frames}` : message
}

async function load(
  file: string,
  cwd: string,
  replies: string | undefined,
): Promise<Readonly<Record<string, unknown>> | string> {
  try {
    const agentFile = loadAgentFileModule(file, cwd)
    if (agentFile) return await withReplies(agentFile, replies, cwd)
  } catch (error) {
    if (error instanceof CliUsageError) return error.message
    throw error
  }
  const path = resolve(cwd, file)
  if (!existsSync(path) || !statSync(path).isFile()) return `file not found: ${file}`
  let module: Readonly<Record<string, unknown>>
  try {
    module = await importUserModule(path)
  } catch (error) {
    return `cannot load ${file}:\n${diagnostic(error)}`
  }
  try {
    return await withReplies(module, replies, cwd)
  } catch (error) {
    if (error instanceof CliUsageError) return error.message
    throw error
  }
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
 * `adk-fluent web <file>`: loads the module (or the agent config or skill), starts the dev UI on 127.0.0.1, prints its URL and serves until stopped
 * (exit 0). A module that does not load prints the loader's diagnostic (exit 1); a taken port says so and suggests
 * a free one (exit 1).
 */
export async function webCommand(
  input: WebCommandInput,
  io: CliIo,
  stopped: Promise<void> = untilStopped(),
): Promise<number> {
  const module = await load(input.file, io.cwd, input.replies)
  if (typeof module === 'string') {
    io.stderr.write(`adk-fluent: ${module}\n`)
    return 1
  }
  const builder = pickBuilder(module, input.file, input.exportName)
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
      ? 'none (the tree does not build)'
      : server.app.models === 'mock-script' && input.replies !== undefined
        ? `offline, the replies of ${input.replies}`
        : modelNames[server.app.models]
  io.stdout.write(
    `adk-fluent web: ${server.app.appName} at ${server.url}\n  models: ${models}; sessions: ${sessions.uri}; memory: ${memory.uri}\n  Ctrl+C stops it.\n`,
  )
  if (server.app.buildError !== undefined)
    io.stderr.write(`adk-fluent: the agent tree does not build, so chat is off: ${server.app.buildError}\n`)
  await stopped
  await server.close()
  await sessions.close()
  await memory.close()
  return 0
}
