import type { CliIo } from './cli-io.js'

/** Resolves when a serving command should stop: `io.stopped`, or else Ctrl+C or a termination signal. */
export function untilStopped(io: CliIo): Promise<void> {
  if (io.stopped) return io.stopped
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
