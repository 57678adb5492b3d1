import { existsSync, readFileSync } from 'node:fs'

/** This thread's CPU time in ms (Linux `/proc/thread-self/schedstat`); wall time where that is missing. */
const threadCpuMs = existsSync('/proc/thread-self/schedstat')
  ? () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  : () => performance.now()

/**
 * The CPU time `run` takes on this thread, in ms: a busy machine delays a thread but does not add to its CPU time,
 * so ratios of these stay steady under load where wall-time ratios do not.
 */
export function cpuTime(run: () => void): number {
  const start = threadCpuMs()
  run()
  return threadCpuMs() - start
}
