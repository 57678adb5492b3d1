import { AbortError, StreamingMode } from '@adk-fluent/core'
import { RunPausedError, type Resume } from '@adk-fluent/fluent'
import { runEvents } from '@adk-fluent/fluent/internal'
import { askAnswers, lineReader, type LineReader } from '../ask-answers.js'
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

/** The exit code of a run that paused and was not answered (stdin ended, or there is none). */
export const PAUSED_EXIT_CODE = 3

/** What `run` says when a pause cannot be answered: the interrupts, and how to answer them. */
function unansweredNote(error: RunPausedError, stored: boolean): string {
  const waits = error.interrupts.map((item) => `${item.id} (${item.kind}${item.tool ? ` ${item.tool}` : ''})`)
  return (
    `adk-fluent: the run paused and waits for ${waits.join(', ')}, but stdin ended before the answers came. ` +
    'Run on a terminal to be asked, or pipe one line per question (y or n for an approval, the reply for an input).' +
    (stored ? ` The paused run is kept in session ${error.sessionId}.` : '') +
    '\n'
  )
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
 * `[agent] …` lines when piped, every event as a JSON line with `--json`. A run that pauses (an approval, a
 * `RequestInput`, a long-running tool) asks for each answer on stderr and reads it from stdin — a terminal, or lines
 * piped in — then goes on with them. Exit code 1 when a model call ended in an error event, 3 when the run paused and
 * stdin ended before the answers, 130 when Ctrl-C cancelled the run (the output ends after the last whole event;
 * nothing half-written).
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
                                           the models offline on per-agent replies ({ "agent": ["…"] });
                                           a run that pauses asks for approvals and input on the terminal
                                           (answers read from stdin, piped lines too; exit code 3 when stdin
                                           ends before them)`,
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
    const chosen = chooseRenderer(io, command.json, agent.name)
    let renderer = chosen.renderer
    const streaming = chosen.streaming
    let failed = false
    let lines: LineReader | undefined
    const interrupt = new AbortController()
    const stopListening =
      io.onInterrupt?.(() => {
        interrupt.abort()
        lines?.close()
      }) ?? (() => undefined)
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
      const runConfig = { streamingMode: streaming ? StreamingMode.SSE : StreamingMode.NONE }
      let prompt: string | Resume = command.prompt
      for (;;) {
        try {
          // A resume goes on in the paused run's session (its runner is bound to the answers): only the signal is passed.
          const legOptions = prompt === command.prompt ? options : { abortSignal: interrupt.signal }
          for await (const event of runEvents(() => agent, prompt, legOptions, runConfig)) {
            if (!event.partial && event.errorCode !== undefined) failed = true
            renderer.event(event)
          }
          break
        } catch (error) {
          if (!RunPausedError.isInstance(error)) throw error
          // Paused: ask for the answers (on stderr; stdout stays the answer), then go on with them.
          renderer.finish()
          lines ??= io.stdin ? lineReader(io.stdin) : undefined
          const answers = lines && (await askAnswers(error.interrupts, lines, io.stderr))
          if (interrupt.signal.aborted) throw new AbortError('The run was cancelled while it waited for answers.')
          if (!answers) {
            io.stderr.write(unansweredNote(error, sessions !== undefined))
            return PAUSED_EXIT_CODE
          }
          prompt = error.answer(answers)
          renderer = chooseRenderer(io, command.json, agent.name).renderer
        }
      }
    } catch (error) {
      if (!(interrupt.signal.aborted && AbortError.isInstance(error))) throw error
      renderer.finish()
      io.stderr.write('adk-fluent: run cancelled (Ctrl-C)\n')
      return 130
    } finally {
      stopListening()
      lines?.close()
      renderer.finish()
      await sessions?.close()
    }
    return failed ? 1 : 0
  },
})
