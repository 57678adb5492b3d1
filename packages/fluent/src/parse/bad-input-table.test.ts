import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import { A, C, G, P, S, T } from '../namespaces/index.js'

const bad = 5 as never

// One bad option per factory: each must throw a ConfigError at the call whose issue names where (a path) and how to
// fix it (a hint). Factories that take no options are listed apart, so a new factory must be added to one list.
const calls: Readonly<Record<string, Readonly<Record<string, () => unknown>>>> = {
  P: {
    adapt: () => P.adapt(bad),
    compress: () => P.compress(bad),
    constraint: () => P.constraint(),
    context: () => P.context(bad),
    example: () => P.example(bad),
    fingerprint: () => P.fingerprint(bad),
    format: () => P.format(bad),
    fromState: () => P.fromState(),
    only: () => P.only(),
    reorder: () => P.reorder(),
    role: () => P.role(bad),
    scaffolded: () => P.scaffolded(bad),
    section: () => P.section(bad, 'x'),
    task: () => P.task(bad),
    template: () => P.template(bad),
    versioned: () => P.versioned(bad, bad),
    when: () => P.when('flag', bad),
    without: () => P.without(),
  },
  C: {
    budget: () => C.budget(bad),
    capture: () => C.capture(bad),
    distill: () => C.distill(bad),
    excludeAgents: () => C.excludeAgents(bad),
    extract: () => C.extract(bad),
    fit: () => C.fit(bad),
    fresh: () => C.fresh(bad),
    fromAgents: () => C.fromAgents(bad),
    fromAgentsWindowed: () => C.fromAgentsWindowed(bad),
    fromState: () => C.fromState(),
    lastNTurns: () => C.lastNTurns(0),
    manusCascade: () => C.manusCascade(bad),
    notes: () => C.notes(bad),
    priority: () => C.priority(bad, bad),
    project: () => C.project(bad),
    recent: () => C.recent(bad),
    redact: () => C.redact(bad),
    relevant: () => C.relevant(bad),
    rolling: () => C.rolling(bad),
    select: () => C.select(bad),
    summarize: () => C.summarize(bad),
    template: () => C.template(bad),
    truncate: () => C.truncate(bad),
    user: () => C.user(bad),
    validate: () => C.validate(bad),
    window: () => C.window(0),
    writeNotes: () => C.writeNotes(bad),
  },
  S: {
    accumulate: () => S.accumulate(bad),
    branch: () => S.branch(bad, {}),
    capture: () => S.capture(bad),
    compute: () => S.compute(bad),
    counter: () => S.counter(bad),
    default: () => S.default(bad),
    drop: () => S.drop(),
    guard: () => S.guard(bad),
    log: () => S.log(bad),
    merge: () => S.merge(bad, bad),
    pick: () => S.pick(),
    produce: () => S.produce(bad),
    rename: () => S.rename(bad),
    require: () => S.require(),
    set: () => S.set(bad),
    transform: () => S.transform(bad, bad),
    when: () => S.when(bad, bad),
  },
  T: {
    agent: () => T.agent(bad),
    cache: () => T.cache(bad),
    confirm: () => T.confirm(bad),
    effectful: () => T.effectful(bad),
    fn: () => T.fn(bad),
    loadMemory: () => T.loadMemory(bad),
    mcp: () => T.mcp(bad),
    mock: () => T.mock(bad, bad),
    openapi: () => T.openapi(bad),
    preloadMemory: () => T.preloadMemory(bad),
    timeout: () => T.timeout(T.mock('x', { returns: 1 }), -1),
    toolset: () => T.toolset(bad),
    transform: () => T.transform(bad, bad),
  },
  A: {
    asCsv: () => A.asCsv(bad),
    asJson: () => A.asJson(bad),
    asText: () => A.asText(bad),
    delete: () => A.delete(bad),
    forLlm: () => A.forLlm(bad),
    fromCsv: () => A.fromCsv(bad),
    fromJson: () => A.fromJson(bad),
    fromMarkdown: () => A.fromMarkdown(bad),
    list: () => A.list(bad),
    load: () => A.load(bad),
    publish: () => A.publish(bad, bad),
    publishMany: () => A.publishMany(bad),
    save: () => A.save(bad, bad),
    snapshot: () => A.snapshot(bad, bad),
    snapshotMany: () => A.snapshotMany(bad),
    version: () => A.version(bad, bad),
    when: () => A.when(bad, bad),
  },
  G: {
    judge: () => G.judge(bad),
    length: () => G.length(bad),
    pii: () => G.pii(bad),
    regex: () => G.regex('x', bad),
  },
}

const takesNoOptions: Readonly<Record<string, readonly string[]>> = {
  P: [],
  C: ['none', 'currentTurn', 'default', 'dedup', 'compact', 'userOnly'],
  S: ['identity'],
  T: ['googleSearch', 'codeExecution', 'urlContext'],
  A: [],
  G: [],
}

const namespaces: Readonly<Record<string, object>> = { P, C, S, T, A, G }

function issueOf(run: () => unknown): { path: readonly (string | number)[]; message: string; hint?: string } | string {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error)) return error.issues[0] ?? 'no issue'
    return `threw ${(error as Error)?.name}: ${(error as Error)?.message}`
  }
  return 'did not throw'
}

describe('every namespace factory rejects a bad option with a path and a hint', () => {
  for (const [name, namespace] of Object.entries(namespaces)) {
    it(`${name}: the table covers every factory`, () => {
      const covered = [...Object.keys(calls[name] ?? {}), ...(takesNoOptions[name] ?? [])].sort()
      expect(covered).toEqual(Object.keys(namespace).sort())
    })
    for (const [factory, run] of Object.entries(calls[name] ?? {})) {
      it(`${name}.${factory}`, () => {
        const issue = issueOf(run)
        expect(typeof issue === 'string' ? issue : 'a ConfigError').toBe('a ConfigError')
        if (typeof issue === 'string') return
        expect(issue.path.length).toBeGreaterThan(0)
        expect(issue.hint ?? '').not.toBe('')
      })
    }
  }
})
