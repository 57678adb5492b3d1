import { isGuardChain, type GuardChain, type GuardSpec } from '../namespaces/guards/guard-spec.js'
import { describeValue } from './describe-value.js'
import { throwConfigIssue, type IssuePath } from './config-issue.js'

/** `.guard(...)` arguments: chains made by `G`, flattened in order. */
export function parseGuards(values: readonly unknown[], path: IssuePath): GuardSpec[] {
  if (values.length === 0)
    throwConfigIssue('items_missing', path, 'no guard given', 'Pass one or more of G.pii(), G.length(), …')
  return values.flatMap((value, index) => {
    if (!isGuardChain(value)) {
      throwConfigIssue(
        'guard_invalid',
        [...path, index],
        `${describeValue(value)} is not a guard`,
        'Pass G.pii(), G.length(), G.regex() or G.judge() (compose them with .add).',
      )
    }
    return (value as GuardChain).guards
  })
}
