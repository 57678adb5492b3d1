import { afterEach, beforeEach, vi } from 'vitest'

// Console output fails a test (CONVENTIONS.md rule 27): tests that expect a log spy on the console themselves.
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const
let calls: string[] = []

beforeEach(() => {
  calls = []
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${method}: ${args.map(String).join(' ')}`)
    })
  }
})

afterEach(() => {
  const seen = calls
  vi.restoreAllMocks()
  if (seen.length > 0) throw new Error(`Unexpected console output in test:\n${seen.join('\n')}`)
})
