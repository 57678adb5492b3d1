import { AbortError, StreamingMode } from '@adk-fluent/core'
import type { ClosableSessionService } from '@adk-fluent/sessions'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { runEvents } from '@adk-fluent/fluent/internal'
import type { CliIo } from './cli-io.js'
import { chooseRunModel, repliesGiven } from './choose-run-model.js'
import { loadSessionsPackage } from './load-sessions-package.js'
import { createJsonRenderer, createPlainRenderer, createTerminalRenderer, type RunRenderer } from './run-renderer.js'

/** What `adk-fluent run` needs. */
export interface RunCommandInput {
  readonly builder: FlowBuilder
  readonly module: Readonly<Record<string, unknown>>
  readonly file: string
  readonly prompt: string
  readonly state: Readonly<Record<string, unknown>> | undefined
  readonly json: boolean
  /** Session store URI; `undefined` with a `session` id means {@link DEFAULT_SESSIONS}. */
  readonly sessions?: string | undefined
  /** Session id to continue. */
  readonly session?: string | undefined
}

/** The line `run` prints when no key is set and the module's `mockScript` answers for every model. */
export function offlineNote(file: string): string {
  return `adk-fluent: running offline on the mockScript replies of ${file} (set GOOGLE_API_KEY to run on Gemini).\n`
}

/** Where `--session` keeps conversations when `--sessions` is not given. */
export const DEFAULT_SESSIONS = 'sqlite:.adk/sessions.db'

function chooseRenderer(io: CliIo, json: boolean, root: string): { renderer: RunRenderer; streaming: boolean } {
  if (json) return { renderer: createJsonRenderer(io.stdout), streaming: true }
  if (io.stdout.isTTY) {
    const progress = io.stderr.isTTY ? io.stderr : { write: () => true }
    return { renderer: createTerminalRenderer(io.stdout, progress, root), streaming: true }
  }
  return { renderer: createPlainRenderer(io.stdout), streaming: false }
}

/**
 * `adk-fluent run`: builds the builder (a `ConfigError` stops it before any model call), chooses the models, runs one
 * turn with `prompt` and shows it: streamed with a spinner on a terminal, plain `[agent] …` lines when piped, every
 * event as a JSON line with `--json`. Returns the exit code: 1 when a model call ended in an error event, 130 when
 * Ctrl-C cancelled the run (the output ends after the last whole event; nothing half-written).
 */
export async function runCommand(input: RunCommandInput, io: CliIo): Promise<number> {
  const built = input.builder.build()
  const choice = chooseRunModel(built, input.module, io.env, input.file)
  // Model names resolve when agents are constructed: with the offline script installed, build again to pick it up.
  const agent = choice.kind === 'mock-script' ? input.builder.build() : built
  // Said on stderr (stdout stays the answer, or JSON lines), as the demo, the examples and `web` say it.
  // With --replies the offline run is what was asked for: nothing to point out.
  if (choice.kind === 'mock-script' && !(repliesGiven in input.module)) io.stderr.write(offlineNote(input.file))
  const { renderer, streaming } = chooseRenderer(io, input.json, agent.name)
  let failed = false
  const interrupt = new AbortController()
  const stopListening = io.onInterrupt?.(() => interrupt.abort()) ?? (() => undefined)
  const uri = input.sessions ?? (input.session === undefined ? undefined : DEFAULT_SESSIONS)
  let sessionService: ClosableSessionService | undefined
  try {
    // Loaded only when asked for (an optional peer): a plain run does not pay for the session store code.
    if (uri !== undefined) sessionService = (await loadSessionsPackage(uri)).openSessionService(uri)
    const options = {
      ...(input.state ? { state: input.state } : {}),
      ...(sessionService ? { sessionService } : {}),
      ...(input.session === undefined ? {} : { sessionId: input.session }),
      abortSignal: interrupt.signal,
    }
    const events = runEvents(() => agent, input.prompt, options, {
      streamingMode: streaming ? StreamingMode.SSE : StreamingMode.NONE,
    })
    for await (const event of events) {
      if (!event.partial && event.errorCode !== undefined) failed = true
      renderer.event(event)
    }
  } catch (error) {
    if (!(interrupt.signal.aborted && AbortError.isInstance(error))) throw error
    renderer.finish()
    io.stderr.write('adk-fluent: run cancelled (Ctrl-C)\n')
    return 130
  } finally {
    stopListening()
    renderer.finish()
    await sessionService?.close()
  }
  return failed ? 1 : 0
}
