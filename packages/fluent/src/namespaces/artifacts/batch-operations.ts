import { parseStateKey } from '../../parse/parse-state-key.js'
import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import type { Context } from '@adk-fluent/core'
import { createArtifactOperation, isArtifactOperation, type ArtifactOperation } from './artifact-operation.js'
import { publish, snapshot } from './basic-operations.js'
import { parseFilename } from './parse-filename.js'

import { formatArgument } from '../shared/format-argument.js'
import { presentState } from '../shared/present-state.js'

function parseMap(factory: string, map: unknown, example: string): [string, string][] {
  if (typeof map !== 'object' || map === null || Array.isArray(map) || Object.keys(map).length === 0) {
    throwConfigIssue(
      'record_invalid',
      [factory],
      `expected { filename: stateKey }, got ${describeValue(map)}.`,
      `For example ${example}.`,
    )
  }
  return Object.entries(map as Record<string, unknown>).map(([filename, key]) => {
    parseFilename(factory, filename)
    return [filename, parseStateKey(key, [factory])]
  })
}

function describeMap(entries: readonly [string, string][]): string {
  return `{ ${entries.map(([filename, key]) => `${formatArgument(filename)}: ${formatArgument(key)}`).join(', ')} }`
}

/**
 * Publishes several state keys at once, `{ filename: fromKey }` (each as `A.publish(filename, { fromKey })`).
 * @example A.publishMany({ 'report.md': 'report_text', 'data.json': 'findings' })
 */
export function publishMany(
  map: Readonly<Record<string, string>>,
  options: { readonly mime?: string } = {},
): ArtifactOperation<never> {
  const entries = parseMap('A.publishMany()', map, "A.publishMany({ 'report.md': 'report_text' })")
  const operations = entries.map(([filename, fromKey]) =>
    publish(filename, options.mime === undefined ? { fromKey } : { fromKey, mime: options.mime }),
  )
  return createArtifactOperation({
    op: 'publish_many',
    name: entries.map(([filename]) => filename).join('_'),
    description: `A.publishMany(${describeMap(entries)})`,
    reads: entries.map(([, key]) => key),
    writes: [],
    run: async (context) => {
      for (const operation of operations) await operation.run(context)
    },
  })
}

/**
 * Loads several artifacts at once, `{ filename: intoKey }` (each as `A.snapshot(filename, { intoKey })`).
 * @example A.snapshotMany({ 'report.md': 'report_text', 'data.json': 'findings' })
 */
export function snapshotMany<const $Map extends Readonly<Record<string, string>>>(
  map: $Map,
): ArtifactOperation<$Map[keyof $Map]> {
  const entries = parseMap('A.snapshotMany()', map, "A.snapshotMany({ 'report.md': 'report_text' })")
  const operations = entries.map(([filename, intoKey]) => snapshot(filename, { intoKey }))
  return createArtifactOperation({
    op: 'snapshot_many',
    name: entries.map(([filename]) => filename).join('_'),
    description: `A.snapshotMany(${describeMap(entries)})`,
    reads: [],
    writes: entries.map(([, key]) => key),
    run: async (context) => {
      for (const operation of operations) await operation.run(context)
    },
  })
}

/**
 * Writes `{ filename, latest, versions }` of an artifact into `intoKey` (versions ascending; `latest: null` and no
 * versions when it does not exist).
 * @example A.version('report.md', { intoKey: 'report_version' })
 */
export function version<const $Key extends string>(
  filename: string,
  options: { readonly intoKey: $Key },
): ArtifactOperation<$Key> {
  const name = parseFilename('A.version()', filename)
  parseStateKey(options?.intoKey, ['A.version()'])
  const { intoKey } = options
  return createArtifactOperation({
    op: 'version',
    name,
    description: `A.version(${formatArgument(name)}, { intoKey: ${formatArgument(intoKey)} })`,
    reads: [],
    writes: [intoKey],
    run: async (context) => {
      const versions = await listVersions(context, name)
      context.state.set(intoKey, {
        filename: name,
        latest: versions.length > 0 ? versions[versions.length - 1] : null,
        versions,
      })
    },
  })
}

async function listVersions(context: Context, filename: string): Promise<number[]> {
  const invocation = context.invocationContext
  const service = invocation.artifactService
  if (!service) {
    // Context.loadArtifact raises the same configuration error a run without an artifact service gets.
    await context.loadArtifact(filename)
    return []
  }
  const versions = await service.listVersions({
    appName: invocation.appName,
    userId: invocation.userId,
    sessionId: invocation.session.id,
    filename,
  })
  return [...versions].sort((a, b) => a - b)
}

/** When `A.when()` runs its operation: a state key that must be truthy, or a predicate over the state. */
export type ArtifactCondition = string | ((state: Readonly<Record<string, unknown>>) => boolean | Promise<boolean>)

/**
 * Runs `operation` only when, at that moment, the state key `condition` is truthy or `condition(state)` holds.
 * @example A.when('approved', A.publish('report.md', { fromKey: 'report' }))
 */
export function when<TWrites extends string = string>(
  condition: ArtifactCondition,
  operation: ArtifactOperation<TWrites>,
): ArtifactOperation<TWrites> {
  if (typeof condition !== 'function') parseStateKey(condition, ['A.when()'])
  if (!isArtifactOperation(operation)) {
    throwConfigIssue(
      'artifact_operation_invalid',
      ['A.when()', 'operation'],
      `expected an A operation, got ${describeValue(operation)}.`,
      "For example A.when('approved', A.publish('report.md', { fromKey: 'report' })).",
    )
  }
  const test =
    typeof condition === 'function'
      ? condition
      : (state: Readonly<Record<string, unknown>>) => Boolean(state[condition])
  const shown = typeof condition === 'function' ? condition.name || 'predicate' : formatArgument(condition)
  return createArtifactOperation({
    op: 'when',
    name: operation.name,
    description: `A.when(${shown}, ${operation.description})`,
    reads: [...(typeof condition === 'string' ? [condition] : []), ...operation.reads],
    writes: operation.writes,
    run: async (context) => {
      if (await test(Object.freeze(presentState(context.state.toRecord())))) await operation.run(context)
    },
  })
}
