import { Fallback, type FallbackBuilder, type StepInput } from '@adk-fluent/fluent'
import { addEach } from './add-each.js'
import { checkAtLeastTwo } from './check-options.js'

/**
 * A fallback chain: runs the first agent and, when it fails (throws), the next, and so on; the first that finishes
 * without an error answers, and when all fail the last error is raised. Named `<a>_or_<b>_or_…`; at least two
 * agents (builders, or steps such as functions).
 * @example const answer = cascade(Agent('fast', 'gemini-2.5-flash'), Agent('careful', 'gemini-2.5-pro'))
 */
export function cascade(...agents: StepInput[]): FallbackBuilder {
  const checked = checkAtLeastTwo(['cascade', 'agents'], agents, 'agents', "cascade(Agent('fast'), Agent('careful'))")
  const attempt = (builder: FallbackBuilder, agent: StepInput) => builder.attempt(agent)
  const names = addEach('cascade', 'agents', Fallback('cascade'), checked, attempt).node.attempts.map(
    (node) => node.name,
  )
  return addEach('cascade', 'agents', Fallback(names.join('_or_')), checked, attempt)
}
