import type { CliIo } from './cli-io.js'

/** Writes `text` to stdout, ending it with a newline. */
export function print(io: CliIo, text: string): void {
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
}
