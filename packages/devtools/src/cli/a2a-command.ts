import type { FlowBuilder } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { chooseRunModel } from './choose-run-model.js'
import { loadA2aPackage } from './load-a2a-package.js'
import { openSessions } from '../web/open-sessions.js'
import { untilStopped } from '../web/web-command.js'

/** What `adk-fluent a2a` was given, with the loaded module. */
export interface A2aCommandInput {
  readonly file: string
  readonly builder: FlowBuilder
  readonly module: Readonly<Record<string, unknown>>
  readonly port: number
  readonly sessions: string | undefined
}

const modelNames = {
  own: "the agents' own models",
  gemini: 'Gemini (GOOGLE_API_KEY)',
  'mock-script': 'offline, the mockScript replies',
} as const

/**
 * `adk-fluent a2a <file>`: serves the module's agent tree as an A2A agent on 127.0.0.1 (card, JSON-RPC in A2A 1.0 and
 * the 0.3 method names) until stopped; `--sessions` keeps the conversations (a `contextId` is a session there).
 * Models as for `run`: the agents' own, Gemini with `GOOGLE_API_KEY`, else the module's `mockScript` offline.
 */
export async function a2aCommand(
  input: A2aCommandInput,
  io: CliIo,
  stopped: Promise<void> = untilStopped(),
): Promise<number> {
  const { serveA2a } = await loadA2aPackage()
  const built = input.builder.build()
  const models = chooseRunModel(built, input.module, io.env, input.file)
  // Built again once mockScript's model is registered (a built agent keeps the model its name resolved to).
  const agent = models.kind === 'mock-script' ? input.builder.build() : built
  const sessions = await openSessions(input.sessions)
  let server
  try {
    server = await serveA2a(agent, { port: input.port, sessionService: sessions.service })
  } catch (error) {
    await sessions.close()
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      io.stderr.write(
        `adk-fluent: port ${input.port} is in use on 127.0.0.1. Pass another with --port, or --port 0 for a free one.\n`,
      )
      return 1
    }
    throw error
  }
  io.stdout.write(
    `adk-fluent a2a: ${agent.name} at ${server.url}\n  card: ${server.cardUrl}\n  models: ${modelNames[models.kind]}; sessions: ${sessions.uri}\n  Ctrl+C stops it.\n`,
  )
  await stopped
  await server.close()
  await sessions.close()
  return 0
}
