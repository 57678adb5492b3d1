import type { IssueCode } from '@adk-fluent/core'
import type { FlowAnalysis, ReadRecord, WriteRecord } from './flow-analysis.js'
import { createCheckIssue, type CheckIssue, type CheckLevel, type CheckScope } from './check-issue.js'
import { classifyRead, possibleOpaqueWriter } from './classify-read.js'
import { similarKey, viaWith } from './similar-key.js'

function isPersistentKey(key: string): boolean {
  return key.startsWith('app:') || key.startsWith('user:')
}

interface Finding {
  readonly code: IssueCode
  readonly level: CheckLevel
  readonly message: string
  readonly hint: string
}

function describeFinding(
  record: ReadRecord,
  analysis: FlowAnalysis,
  writers: readonly WriteRecord[],
): Finding | undefined {
  const { key, strength, via } = record.read
  const reader = record.visit.node.name
  const subject = `state key "${key}" is read by "${reader}" (${via})`
  const declare = `declare it as initial state with .initialState('${key}')`
  if (strength === 'optional') {
    if (writers.length > 0) return undefined
    return {
      code: 'state_not_written',
      level: 'info',
      message: `${subject} but nothing writes it, so it is always absent there.`,
      hint: `Write it in an earlier step, or ${declare} if the caller provides it.`,
    }
  }
  const opaque = possibleOpaqueWriter(record, analysis)
  if (opaque) {
    return {
      code: 'state_maybe_written',
      level: 'info',
      message: `${subject}; no step the checker can see writes it before, but "${opaque.node.name}" may (its writes are not declared).`,
      hint: `If it does, nothing to do. To make this checkable, write "${key}" with an S transform (S.set, S.compute) or ${declare}.`,
    }
  }
  const found = classifyRead(record, writers)
  switch (found.kind) {
    case 'loop-later': {
      const writer = found.writer.visit.node.name
      const loop = found.loop.node.name
      if (strength === 'required') {
        return {
          code: 'state_written_later',
          level: 'error',
          message: `${subject} but is first written by "${writer}" later in loop "${loop}", so the first iteration fails.`,
          hint: `Make it optional ({${key}?}), give it a value before the loop (S.default({ ${key}: '' })), or ${declare}.`,
        }
      }
      return {
        code: 'state_written_later',
        level: 'info',
        message: `${subject}; it is absent in the first iteration of loop "${loop}" ("${writer}" writes it later in the loop).`,
        hint: `Expected in a refinement loop; give it a value before the loop (S.default({ ${key}: '' })) if the first iteration needs it.`,
      }
    }
    case 'sibling':
      return {
        code: 'state_written_by_sibling',
        level: 'error',
        message: `${subject} but written by "${found.writer.visit.node.name}", another branch of FanOut "${found.fanOut.node.name}": branches run concurrently and do not see each other's writes.`,
        hint: `Read "${key}" in a step after the FanOut, or write it in a step before the FanOut.`,
      }
    case 'later':
      return {
        code: 'state_written_later',
        level: 'error',
        message: `${subject} but written only by "${found.writer.visit.node.name}", which runs after it.`,
        hint: `Move "${found.writer.visit.node.name}" before "${reader}", or ${declare}.`,
      }
    case 'elsewhere':
      return {
        code: 'state_written_elsewhere',
        level: 'error',
        message: `${subject} but written only by "${found.writer.visit.node.name}", which does not run before it (another branch).`,
        hint: `Write "${key}" in a step that runs before "${reader}", or ${declare}.`,
      }
    case 'self':
    case 'nowhere': {
      const none = found.kind === 'self' ? `only "${reader}" itself writes it, after reading it` : 'no step writes it'
      if (isPersistentKey(key)) {
        return {
          code: 'state_not_written',
          level: 'info',
          message: `${subject}; ${none}, so it must be in the ${key.split(':')[0]} state before the run.`,
          hint: `Set it in an earlier session or through the session service, or make it optional ({${key}?}).`,
        }
      }
      if (analysis.declaresInitialState) {
        return {
          code: 'state_not_written',
          level: 'error',
          message: `${subject} but ${none} and the declared initial state (${[...analysis.initialState].join(', ') || 'empty'}) does not hold it.`,
          hint: `Write it in an earlier step (for example .writes('${key}') on an agent before "${reader}"), or add it to .initialState(...).`,
        }
      }
      return {
        code: 'state_not_written',
        level: 'warning',
        message: `${subject} but ${none}; it must come from the caller's initial state.`,
        hint: `Write it in an earlier step (for example .writes('${key}') on an agent before "${reader}"), or ${declare} (or check({ initialState: ['${key}'] })).`,
      }
    }
  }
}

/**
 * When nothing writes the key but a written (or initial) key is a near miss: the message asks "Did you mean 'draft'?"
 * and the hint shows the read with the key fixed and where that key comes from (never the typo to write).
 */
function withTypoHint(
  finding: Finding,
  record: ReadRecord,
  analysis: FlowAnalysis,
  known: () => ReadonlySet<string>,
): Finding {
  const { key, via } = record.read
  const guess = similarKey(key, known())
  if (!guess) return finding
  const writers = [
    ...new Set(analysis.writes.filter((write) => write.write.key === guess).map((write) => write.visit.node.name)),
  ]
  const source =
    writers.length > 0 ? `written by ${writers.map((name) => `"${name}"`).join(', ')}` : 'in the declared initial state'
  const fixed = viaWith(via, key, guess)
  return {
    ...finding,
    message: `${finding.message} Did you mean '${guess}'?`,
    hint: fixed ? `Read '${guess}' (${source}) instead: ${fixed}.` : `Read '${guess}' (${source}) instead of '${key}'.`,
  }
}

const strengthRank: Readonly<Record<ReadRecord['read']['strength'], number>> = { required: 0, expected: 1, optional: 2 }

/**
 * One read per step and key: the one that needs the key most (a `{topic}` template over `.reads('topic')`). A step's
 * reads are recorded together, so each step's are compared among themselves only.
 */
function strongestReads(reads: readonly ReadRecord[]): ReadRecord[] {
  const kept: ReadRecord[] = []
  let stepStart = 0
  for (const record of reads) {
    const previous = kept[kept.length - 1]
    if (previous?.visit !== record.visit) stepStart = kept.length
    let index = stepStart
    while (index < kept.length && kept[index]?.read.key !== record.read.key) index++
    const current = kept[index]
    if (!current) kept.push(record)
    else if (strengthRank[record.read.strength] < strengthRank[current.read.strength]) kept[index] = record
  }
  return kept
}

/** The writes of each key, in run order (built once per check). */
function writesByKey(analysis: FlowAnalysis): ReadonlyMap<string, readonly WriteRecord[]> {
  const byKey = new Map<string, WriteRecord[]>()
  for (const record of analysis.writes) {
    const list = byKey.get(record.write.key)
    if (list) list.push(record)
    else byKey.set(record.write.key, [record])
  }
  return byKey
}

/**
 * Template variables, `.reads()` keys, route keys and other reads whose key no earlier step writes: errors when the
 * key is certainly missing at that point (written only later, by a sibling branch, or in a later loop step for a
 * required template), a warning when nothing writes it (it may be run input), an error once initial state is declared
 * without it, and infos where the checker cannot know (after a plain function step, optional keys). With scope
 * `'errors'` (for `build()`), the warnings and infos are left out before their typo hints are looked for.
 */
export function checkStateReads(analysis: FlowAnalysis, scope: CheckScope = 'all'): CheckIssue[] {
  const issues: CheckIssue[] = []
  let writers: ReadonlyMap<string, readonly WriteRecord[]> | undefined
  let known: ReadonlySet<string> | undefined
  const knownKeys = () =>
    (known ??= new Set([...analysis.writes.map((candidate) => candidate.write.key), ...analysis.initialState]))
  for (const record of strongestReads(analysis.reads)) {
    if (record.source !== undefined) continue
    writers ??= writesByKey(analysis)
    const keyWriters = writers.get(record.read.key) ?? []
    const found = describeFinding(record, analysis, keyWriters)
    if (!found || (scope === 'errors' && found.level !== 'error')) continue
    const finding = keyWriters.length > 0 ? found : withTypoHint(found, record, analysis, knownKeys)
    issues.push(
      createCheckIssue({ ...finding, agent: record.visit.node.name, path: [...record.visit.path, record.read.field] }),
    )
  }
  return issues
}
