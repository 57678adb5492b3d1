import type { HistoryItem } from './history-item.js'
import { createStreamStage, type HistoryStage } from './history-stage.js'
import { formatArguments } from '../shared/format-argument.js'

/** `C.redact()`: every match of the patterns becomes `[REDACTED]`. @internal */
export function redactStage(patterns: readonly RegExp[]): HistoryStage {
  const global = patterns.map((pattern) => (pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`)))
  return createStreamStage(
    `C.redact(${formatArguments(patterns)})`,
    `redacted (${global.map(String).join(', ')})`,
    function* (items) {
      for (const item of items) {
        let text = item.text
        for (const pattern of global) text = text.replace(pattern, '[REDACTED]')
        yield text === item.text ? item : { ...item, text }
      }
    },
  )
}

/** `C.dedup()`: drops an event whose author and text repeat a newer one (the latest copy is kept). @internal */
export function dedupStage(): HistoryStage {
  return createStreamStage('C.dedup()', 'duplicates removed (latest kept)', function* (items) {
    const seen = new Set<string>()
    for (const item of items) {
      const key = `${item.author}\u0000${item.text}`
      if (seen.has(key)) continue
      seen.add(key)
      yield item
    }
  })
}

/**
 * `C.compact()`: a run of consecutive tool-only events of one author becomes one
 * `[author]: [tool calls: N interactions]` line (N = function calls in the run).
 * @internal
 */
export function compactStage(): HistoryStage {
  return createStreamStage('C.compact()', 'tool calls collapsed', function* (items) {
    let run: { author: string; calls: number; responses: number } | undefined
    for (const item of items) {
      if (item.toolOnly && run && run.author === item.author) {
        run.calls += item.toolCalls
        run.responses += item.toolResponses
        continue
      }
      if (run) yield collapse(run)
      run = item.toolOnly ? { author: item.author, calls: item.toolCalls, responses: item.toolResponses } : undefined
      if (!item.toolOnly) yield item
    }
    if (run) yield collapse(run)
  })
}

function collapse(run: { author: string; calls: number; responses: number }): HistoryItem {
  const count = run.calls || run.responses
  return {
    author: run.author,
    text: `[tool calls: ${count} interactions]`,
    toolCalls: run.calls,
    toolResponses: run.responses,
    toolOnly: true,
  }
}
