import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/fluent'
import { cascade, chain, conditional, fanOutMerge, mapReduce, reviewLoop, supervised } from './index.js'

const bad = 5 as never

// One bad option per pattern: a ConfigError whose issue names the pattern and field (path) and the fix (hint).
const calls: Readonly<Record<string, () => unknown>> = {
  cascade: () => cascade(bad),
  chain: () => chain(bad),
  conditional: () => conditional(bad),
  fanOutMerge: () => fanOutMerge(bad),
  mapReduce: () => mapReduce(bad),
  reviewLoop: () => reviewLoop(bad),
  supervised: () => supervised(bad),
}

describe('every pattern rejects a bad option with a path and a hint', () => {
  for (const [pattern, run] of Object.entries(calls)) {
    it(pattern, () => {
      let issue: ConfigError['issues'][number] | undefined
      try {
        run()
      } catch (error) {
        if (ConfigError.isConfigError(error)) issue = error.issues[0]
      }
      expect(issue?.path[0]).toBe(pattern)
      expect(issue?.hint ?? '').not.toBe('')
    })
  }
})
