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
 * streamed to stdout after its name (`writer: …`), tool calls and results on their own lines.
 */
export function createTerminalRenderer(stdout: CliOutput, stderr: CliOutput, firstAgent: string, tickMilliseconds = 80): RunRenderer {
  let frame = 0
  let working = firstAgent
  let spinnerShown = false
  let openLine: string | undefined
  const streamed = new Set<string>()
  const clearSpinner = () => {
    if (spinnerShown) stderr.write('\r\u001b[K')
    spinnerShown = false
  }
  const drawSpinner = () => {
    if (openLine !== undefined) return
    stderr.write(`\r\u001b[K${frames[frame++ % frames.length]} ${working} is working…`)
    spinnerShown = true
  }
  const closeLine = () => {
    if (openLine !== undefined) stdout.write('\n')
    openLine = undefined
  }
  const write = (author: string, text: string) => {
    clearSpinner()
    if (openLine !== author) {
      closeLine()
      stdout.write(`${author}: `)
      openLine = author
    }
    stdout.write(text)
  }
  const timer = setInterval(drawSpinner, tickMilliseconds)
  timer.unref()
  drawSpinner()
  return {
    event: (event) => {
      if (event.author === 'user') return
      working = event.author
      const text = eventText(event)
      if (event.partial) {
        if (text) {
          streamed.add(event.author)
          write(event.author, text)
        }
        return
      }
      if (text && !streamed.has(event.author)) write(event.author, text)
      streamed.delete(event.author)
      closeLine()
      const activity = eventActivity(event)
      if (activity.length > 0) clearSpinner()
      for (const line of activity) stdout.write(`  ${line}\n`)
      drawSpinner()
    },
    finish: () => {
      clearInterval(timer)
      clearSpinner()
      closeLine()
    },
  }
}
