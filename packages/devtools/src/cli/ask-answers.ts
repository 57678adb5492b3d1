import { createInterface } from 'node:readline'
import { InterruptAnswerError, answerContent, type InterruptAnswers, type PendingInterrupt } from '@adk-fluent/core'
import type { CliInput, CliOutput } from './cli-io.js'

/** Lines read from stdin, one at a time; `undefined` once it ended (or was closed). */
export interface LineReader {
  next(): Promise<string | undefined>
  close(): void
}

/** The lines of `input` (a terminal or a pipe), read only when asked for. */
export function lineReader(input: CliInput): LineReader {
  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity })
  const iterator = lines[Symbol.asyncIterator]()
  return {
    next: async () => {
      const step = await iterator.next()
      return step.done ? undefined : step.value
    },
    close: () => lines.close(),
  }
}

/** True when a reply schema asks for JSON (an object or an array), not a plain value. */
function wantsJson(schema: Record<string, unknown> | undefined): boolean {
  return schema?.['type'] === 'object' || schema?.['type'] === 'array'
}

/** The answer a line gives to one interrupt, or a sentence saying why it gives none. */
function answerOf(interrupt: PendingInterrupt, line: string): unknown {
  if (interrupt.kind === 'confirmation') return /^(y|yes)$/i.test(line.trim())
  const json = interrupt.kind === 'long_running' || wantsJson(interrupt.responseSchema)
  if (!json) return line
  try {
    return JSON.parse(line) as unknown
  } catch (error) {
    if (interrupt.kind === 'long_running') return line
    throw new InterruptAnswerError(`The reply must be JSON matching the schema: ${(error as Error).message}.`, {
      interruptId: interrupt.id,
    })
  }
}

/** The question of one interrupt, as the terminal shows it. */
function question(interrupt: PendingInterrupt): string {
  const call = `${interrupt.tool ?? 'tool'}(${JSON.stringify(interrupt.args ?? {})})`
  if (interrupt.kind === 'confirmation')
    return `${interrupt.message ? `${interrupt.message}\n` : ''}Approve ${call}? [y/N] `
  if (interrupt.kind === 'long_running') return `The result of ${call} (JSON or text): `
  const schema = interrupt.responseSchema ? `Reply as JSON matching ${JSON.stringify(interrupt.responseSchema)}\n` : ''
  return `${interrupt.message ?? `${interrupt.tool ?? 'The run'} asks for input.`}\n${schema}> `
}

/**
 * Asks for the answers of a paused run on `output` (stderr), one interrupt at a time, and reads each from `lines`: an
 * approval is `y`/`yes` (anything else refuses), an input is the line (parsed as JSON when its schema asks for an object
 * or an array), a long-running tool's result is JSON or text. A reply that is not JSON or does not match its schema is
 * said and asked again. Resolves to `undefined` when the lines end before every interrupt has its answer.
 */
export async function askAnswers(
  interrupts: readonly PendingInterrupt[],
  lines: LineReader,
  output: CliOutput,
): Promise<InterruptAnswers | undefined> {
  const answers: Record<string, unknown> = {}
  for (const interrupt of interrupts) {
    for (;;) {
      output.write(question(interrupt))
      const line = await lines.next()
      if (line === undefined) return undefined
      try {
        const answer = answerOf(interrupt, line)
        // The same check the resume makes (an input's schema), for this answer alone: asked again when it fails.
        answerContent(interrupts, { [interrupt.id]: answer })
        answers[interrupt.id] = answer
        break
      } catch (error) {
        if (!InterruptAnswerError.isInstance(error)) throw error
        output.write(`${error.message}\n`)
      }
    }
  }
  return answers
}
