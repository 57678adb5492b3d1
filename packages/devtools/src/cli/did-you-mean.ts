import { similarKey } from '@adk-fluent/fluent/internal'

/**
 * The end of every CLI error that names something unknown (a command, an option, an agent, an export, a format, a
 * case): ` Did you mean "check"?` when `given` is a near miss of one of `candidates` (fluent's `similarKey`, the rule
 * of the contract checker's state-key hints), else `''`. `show` writes a candidate as the user would type it.
 */
export function didYouMean(
  given: string,
  candidates: Iterable<string>,
  show: (candidate: string) => string = (candidate) => `"${candidate}"`,
): string {
  const close = similarKey(given, candidates)
  return close === undefined ? '' : ` Did you mean ${show(close)}?`
}
