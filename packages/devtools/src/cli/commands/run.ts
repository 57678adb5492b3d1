import { AbortError, StreamingMode } from '@adk-fluent/core'
import { runEvents } from '@adk-fluent/fluent/internal'
import { defineCommand } from '../command-definition.js'
import { moduleArguments, parseState, text } from '../argument-values.js'
import type { CliIo } from '../cli-io.js'
import { CliUsageError } from '../cli-usage-error.js'
import { chooseRunModel, repliesFileOf } from '../choose-run-model.js'
import { loadTarget } from '../load-target.js'
import { openSessions, type OpenedSessions } from '../../web/open-sessions.js'
import { createJsonRenderer, createPlainRenderer, createTerminalRenderer, type RunRenderer } from '../run-renderer.js'

/** The line `run` prints when no key is set and the module's `mockScript` answers for every model. */
export function offlineNote(file: string): string {
  return `adk-fluent: running offline on the mockScript replies of ${file} (set GOOGLE_API_KEY to run on Gemini).\n`
}

/** Where `--session` keeps conversations when `--sessions` is not given. */
const DEFAULT_SESSIONS = 'sqlite:.adk/sessions.db'

function chooseRenderer(io: CliIo, json: boolean, root: string): { renderer: RunRenderer; streaming: boolean } {
  if (json) return { renderer: createJsonRenderer(io.stdout), streaming: true }
  if (io.stdout.isTTY) {
    const progress = io.stderr.isTTY ? io.stderr : { write: () => true }
    return { renderer: createTerminalRenderer(io.stdout, progress, root), streaming: true }
  }
  return { renderer: createPlainRenderer(io.stdout), streaming: false }
}

/**
 * `adk-fluent run`: one turn with a prompt, streamed. It builds the builder (a `ConfigError` stops it before any model
 * call), chooses the models, runs one turn with the prompt and shows it: streamed with a spinner on a terminal, plain
 * `[agent] …` lines when piped, every event as a JSON line with `--json`. Exit code 1 when a model call ended in an
 * error event, 130 when Ctrl-C cancelled the run (the output ends after the last whole event; nothing half-written).
 */
export const runCommand = defineCommand({
  name: 'run',
  options: { export: false, state: false, json: true, sessions: false, session: false, replies: false },
  help: `  run <file> "<prompt>" [--state '{json}'] [--json] [--sessions uri] [--session id] [--replies file.json]
                                           run once: the answer streams, with the agent at work shown;
                                           --json prints every event as a JSON line; --session id
                                           continues a stored conversation (sqlite:./file.db | postgresql://… |
                                           memory:; --session alone uses sqlite:.adk/sessions.db; stored
                                           sessions need @adk-fluent/sessions and its driver); --replies runs
                                           the models offline on per-agent replies ({ "agent": ["…"] })`,
  parse(args) {
    const { file, exportName, extra } = moduleArguments('run', args)
    const [prompt, ...unused] = extra
    if (prompt === undefined) throw new CliUsageError('"run" needs a prompt: adk-fluent run <file> "<prompt>".')
    if (unused.length > 0)
      throw new CliUsageError(`unexpected argument "${unused[0]}". Quote the prompt: adk-fluent run <file> "<prompt>".`)
    return {
      name: 'run' as const,
      file,
      exportName,
      prompt,
      state: parseState(args.options.get('state')),
      json: args.options.get('json') === true,
      /** Session store URI (`--sessions`); with only `--session`, {@link DEFAULT_SESSIONS}. */
      sessions: text(args.options.get('sessions')),
      /** Session id to continue (`--session`). */
      session: text(args.options.get('session')),
      replies: text(args.options.get('replies')),
    }
  },
  async execute(command, io) {
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    const choice = chooseRunModel(builder, module, io.env, command.file)
    const agent = choice.tree()
    // Said on stderr (stdout stays the answer, or JSON lines), as the demo, the examples and `web` say it.
    // With --replies the offline run is what was asked for: nothing to point out.
    if (choice.kind === 'mock-script' && repliesFileOf(module) === undefined) io.stderr.write(offlineNote(command.file))
    const { renderer, streaming } = chooseRenderer(io, command.json, agent.name)
    let failed = false
    const interrupt = new AbortController()
    const stopListening = io.onInterrupt?.(() => interrupt.abort()) ?? (() => undefined)
    const uri = command.sessions ?? (command.session === undefined ? undefined : DEFAULT_SESSIONS)
    let sessions: OpenedSessions | undefined
    try {
      // Loaded only when asked for (an optional peer): a plain run does not pay for the session store code.
      if (uri !== undefined) sessions = await openSessions(uri)
      const options = {
        ...(command.state ? { state: command.state } : {}),
        ...(sessions ? { sessionService: sessions.service } : {}),
        ...(command.session === undefined ? {} : { sessionId: command.session }),
        abortSignal: interrupt.signal,
      }
      const events = runEvents(() => agent, command.prompt, options, {
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
      await sessions?.close()
    }
    return failed ? 1 : 0
  },
})
