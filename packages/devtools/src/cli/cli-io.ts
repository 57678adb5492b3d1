/** Where the CLI writes: a stream such as `process.stdout`. */
export interface CliOutput {
  write(text: string): unknown
  /** True on a terminal (progress is shown in place); false or absent when piped. */
  readonly isTTY?: boolean | undefined
}

/** Where the CLI reads answers: a stream such as `process.stdin`. */
export type CliInput = NodeJS.ReadableStream & { readonly isTTY?: boolean | undefined }

/** The CLI's surroundings, passed in so tests can run it in process as well as through the real bin. */
export interface CliIo {
  readonly stdout: CliOutput
  readonly stderr: CliOutput
  /**
   * Where `run` reads the answers of a paused run (a terminal, or lines piped in). Absent: a pause cannot be answered
   * and `run` exits with code 3.
   */
  readonly stdin?: CliInput
  readonly env: Readonly<Record<string, string | undefined>>
  /** The directory relative file paths are resolved against. */
  readonly cwd: string
  /**
   * Calls `handler` on Ctrl-C (SIGINT) until the returned function is called; the bin's version exits at once on a
   * second Ctrl-C. Absent: a run cannot be interrupted.
   */
  readonly onInterrupt?: (handler: () => void) => () => void
  /** A serving command (`web`, `api-server`, `a2a`) serves until this resolves. Absent: until Ctrl+C or SIGTERM. */
  readonly stopped?: Promise<void>
}
