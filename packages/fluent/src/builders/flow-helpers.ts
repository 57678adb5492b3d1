import { ExpectNode } from '../ir/expect-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { GateNode } from '../ir/gate-node.js'
import { MapOverNode } from '../ir/map-over-node.js'
import { RaceNode } from '../ir/race-node.js'
import type { StatePredicate, TapFunction } from '../ir/state-function-types.js'
import { TapNode } from '../ir/tap-node.js'
import { TimeoutNode } from '../ir/timeout-node.js'
import { throwConfigIssue } from '../parse/config-issue.js'
import { describeValue } from '../parse/describe-value.js'
import { parseCount } from '../parse/parse-count.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseStateKey } from '../parse/parse-state-key.js'
import { parseStep, type StepInput } from '../parse/parse-step.js'
import { toIdentifier } from '../parse/to-identifier.js'
import { defaultBuilderKit } from './default-builder-kit.js'
import type { StepBuilder } from './step-builder.js'

function message(value: unknown, path: readonly string[]): string {
  if (typeof value === 'string' && value.trim().length > 0) return value
  throwConfigIssue(
    'text_invalid',
    path,
    `expected a message string, got ${describeValue(value)}. Say what is wrong, for example 'A draft is required.'.`,
  )
}

/**
 * A step that calls `fn` with a frozen copy of the state and changes nothing (for logging or metrics).
 * @example writer.then(tap((state) => metrics.record(state['draft'])))
 */
export function tap(fn: TapFunction): StepBuilder {
  return defaultBuilderKit.step(TapNode.create(parseFunction(fn, ['tap', 'fn'], 'a function (state) => void')))
}

/**
 * A step that checks `predicate(state)` and otherwise fails the run with a `StateError` carrying `message`.
 * @example writer.then(expect((state) => Boolean(state['draft']), 'The writer produced no draft.'))
 */
export function expect(predicate: StatePredicate, failureMessage: string): StepBuilder {
  const parsed = parseFunction<StatePredicate>(predicate, ['expect', 'predicate'], 'a predicate (state) => boolean')
  return defaultBuilderKit.step(ExpectNode.create(parsed, message(failureMessage, ['expect', 'message'])))
}

/** Options of {@link mapOver}. */
export interface MapOverOptions {
  /** Where each item is put in the body's state view (default `'item'`). */
  readonly itemKey?: string
  /** Where the list of outputs goes (default `'results'`). */
  readonly outputKey?: string
  /** How many items run at once (default 1). */
  readonly concurrency?: number
}

/**
 * Runs `body` once per item of `state[listKey]` (at most `concurrency` at a time, each on its own branch and state
 * view with `state[itemKey] = item`) and writes the body's outputs (what it wrote to its `.writes()` key, else its
 * final text), in item order, to `state[outputKey]`.
 * @example mapOver('documents', Agent('summarizer').instruct('Summarize: {doc}').writes('summary'), { itemKey: 'doc', outputKey: 'summaries', concurrency: 4 })
 */
export function mapOver(listKey: string, body: StepInput, options: MapOverOptions = {}): StepBuilder {
  const parsedKey = parseStateKey(listKey, ['mapOver', 'listKey'])
  return defaultBuilderKit.step(
    MapOverNode.create(toIdentifier(`map_${parsedKey}`, 'map_over'), {
      listKey: parsedKey,
      body: parseStep(body, ['mapOver', 'body']),
      itemKey: parseStateKey(options.itemKey ?? 'item', ['mapOver', 'itemKey']),
      outputKey: parseStateKey(options.outputKey ?? 'results', ['mapOver', 'outputKey']),
      concurrency: parseCount(options.concurrency ?? 1, ['mapOver', 'concurrency'], 1, 'concurrency'),
    }),
  )
}

/**
 * Runs every agent at once, each on its own copy of the session; the first to finish wins and only its events (and
 * state changes) are kept, the others are cancelled.
 * @example race(Agent('fast').model('gemini-2.5-flash'), Agent('deep').model('gemini-2.5-pro'))
 */
export function race(...agents: StepInput[]): StepBuilder {
  if (agents.length < 2)
    throwConfigIssue('items_missing', ['race'], `needs at least two agents to race, got ${agents.length}.`)
  const racers: FlowNode[] = agents.map((agent, index) => parseStep(agent, ['race', index]))
  return defaultBuilderKit.step(RaceNode.create(`race_${racers.map((racer) => racer.name).join('_')}`, racers))
}

/** Options of {@link gate}. */
export interface GateOptions {
  /** The reply shown while waiting for approval (default `'Approval required.'`). */
  readonly message?: string
  /** The state key of the gate (default `'gate'`); approve by setting `state[key + '_approved']`. */
  readonly key?: string
}

/**
 * A human-approval gate: when `predicate(state)` holds and `state[key + '_approved']` is not set, it answers
 * `message`, sets `state[key]` and `state[key + '_message']`, and the rest of its pipeline does not run (an enclosing
 * loop ends too). Run again with `{ state: { [key + '_approved']: true } }` to pass.
 * @example analyst.then(gate((state) => state['risk'] === 'high', { message: 'Approve the high-risk action?' })).then(executor)
 */
export function gate(predicate: StatePredicate, options: GateOptions = {}): StepBuilder {
  const parsed = parseFunction<StatePredicate>(predicate, ['gate', 'predicate'], 'a predicate (state) => boolean')
  const key = parseStateKey(options.key ?? 'gate', ['gate', 'key'])
  const text = message(options.message ?? 'Approval required.', ['gate', 'message'])
  return defaultBuilderKit.step(GateNode.create(toIdentifier(`gate_${key}`, 'gate'), parsed, text, key))
}

/**
 * Runs `agent`, cancelling it and failing the run with an `AgentTimeoutError` naming it when it takes longer than
 * `milliseconds`.
 * @example timeout(Agent('researcher'), 30_000).fallback(Agent('quick_answer'))
 */
export function timeout(agent: StepInput, milliseconds: number): StepBuilder {
  const node = parseStep(agent, ['timeout', 'agent'])
  return defaultBuilderKit.step(
    TimeoutNode.create(node, parseCount(milliseconds, ['timeout', 'milliseconds'], 1, 'milliseconds')),
  )
}
