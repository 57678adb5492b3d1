import type { Event } from '@adk-fluent/core'
import type { CliOutput } from './cli-io.js'
import { eventActivity, eventText } from './event-lines.js'

/** Shows a run as it happens. */
export interface RunRenderer {
  event(event: Event): void
  finish(): void
}

/** `--json`: every event as one JSON line. */
export function createJsonRenderer(stdout: CliOutput): RunRenderer {
  return {
    event: (event) => void stdout.write(`${JSON.stringify(event)}\n`),
    finish: () => undefined,
  }
}

/** Piped output: one plain line per reply, tool call and result, prefixed with the agent: `[writer] …`. */
export function createPlainRenderer(stdout: CliOutput): RunRenderer {
  return {
    event: (event) => {
      if (event.author === 'user' || event.partial) return
      const text = eventText(event)
      if (text) stdout.write(`[${event.author}] ${text}\n`)
      for (const line of eventActivity(event)) stdout.write(`[${event.author}] ${line}\n`)
    },
    finish: () => undefined,
  }
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

/**
 * A terminal: a spinner line on stderr naming the agent at work while nothing is streaming, and each agent's answer
 * streamed to stdout after its name (`writer: …`), tool calls and results on their own lines. When agents stream at
 * the same time (a fan-out), one streams live and the others' texts are held and shown as whole blocks, each after
 * its agent's name, so concurrent answers never interleave.
 */
export function createTerminalRenderer(
  stdout: CliOutput,
  stderr: CliOutput,
  firstAgent: string,
  tickMilliseconds = 80,
): RunRenderer {
  let frame = 0
  let working = firstAgent
  let spinnerShown = false
  /** The source (author and branch) whose text is on the open stdout line. */
  let live: string | undefined
  /** Streamed text of the sources that are not live, held until they finish or become live. */
  const held = new Map<string, { author: string; text: string }>()
  const streamed = new Set<string>()
  /** Whole blocks of other agents that finished while a line was live: shown when it closes. */
  const finished: string[] = []
  const clearSpinner = () => {
    if (spinnerShown) stderr.write('\r\u001b[K')
    spinnerShown = false
  }
  const drawSpinner = () => {
    if (live !== undefined) return
    stderr.write(`\r\u001b[K${frames[frame++ % frames.length]} ${working} is working…`)
    spinnerShown = true
  }
  const closeLine = () => {
    if (live !== undefined) stdout.write('\n')
    live = undefined
    for (const line of finished.splice(0)) stdout.write(line)
  }
  const open = (source: string, author: string) => {
    clearSpinner()
    closeLine()
    stdout.write(`${author}: `)
    live = source
  }
  const stream = (source: string, author: string, text: string) => {
    if (live === undefined) {
      open(source, author)
      const before = held.get(source)
      held.delete(source)
      if (before) stdout.write(before.text)
    }
    if (live === source) {
      stdout.write(text)
      return
    }
    const entry = held.get(source) ?? { author, text: '' }
    entry.text += text
    held.set(source, entry)
  }
  const block = (source: string, author: string, text: string) => {
    if (live !== undefined && live !== source) {
      finished.push(`${author}: ${text}\n`)
      return
    }
    if (live !== source) open(source, author)
    stdout.write(text)
    closeLine()
  }
  const timer = setInterval(drawSpinner, tickMilliseconds)
  timer.unref()
  drawSpinner()
  return {
    event: (event) => {
      if (event.author === 'user') return
      working = event.author
      const source = `${event.author}\u0000${event.branch ?? ''}`
      const text = eventText(event)
      if (event.partial) {
        if (text) {
          streamed.add(source)
          stream(source, event.author, text)
        }
        return
      }
      if (streamed.delete(source)) {
        const rest = held.get(source)
        held.delete(source)
        if (live === source) closeLine()
        else if (rest) block(source, event.author, rest.text)
      } else if (text) {
        block(source, event.author, text)
      }
      const activity = eventActivity(event).map((line) => `  ${line}\n`)
      if (activity.length > 0) clearSpinner()
      // Activity lines never split the live line of another agent: they wait for it to close.
      if (live !== undefined) finished.push(...activity)
      else for (const line of activity) stdout.write(line)
      drawSpinner()
    },
    finish: () => {
      clearInterval(timer)
      clearSpinner()
      closeLine()
      for (const [, entry] of held) stdout.write(`${entry.author}: ${entry.text}\n`)
      held.clear()
    },
  }
}
