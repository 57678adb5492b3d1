import { createHash } from 'node:crypto'
import { isBaseAgent, type BaseAgent } from '@adk-fluent/core'

const maxDepth = 8

/**
 * A fingerprint of an agent tree: agent types, names, descriptions, instructions (a function's source text), models,
 * tools (name, description, declaration), callbacks (source text), schemas and sub-agents, hashed. Two processes
 * built from the same code get the same version; a changed tree gets another one, so DBOS never replays a run
 * recorded by one tree on another (a replay follows the recorded steps, which a different tree would not take).
 */
export function agentTreeVersion(agent: BaseAgent): string {
  const text = JSON.stringify(describe(agent, new Set(), 0))
  return `tree-${createHash('sha256').update(text).digest('hex').slice(0, 20)}`
}

function describe(value: unknown, seen: Set<object>, depth: number): unknown {
  if (value === null || value === undefined) return value ?? null
  if (typeof value === 'function') return `fn:${Function.prototype.toString.call(value)}`
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value)
  if (typeof value !== 'object') return value
  if (depth > maxDepth) return '[deep]'
  if (seen.has(value)) return '[seen]'
  seen.add(value)
  try {
    if (Array.isArray(value)) return value.map((item) => describe(item, seen, depth + 1))
    if (value instanceof Map) return [...value].map(([key, item]) => [String(key), describe(item, seen, depth + 1)])
    if (value instanceof Set) return [...value].map((item) => describe(item, seen, depth + 1))
    const record = value as Record<string, unknown>
    // A model instance is its name: its other fields (request logs, clients, scripts) are not part of the tree.
    if (isModel(record)) return `model:${String(record['model'])}`
    if (isTool(record)) {
      return {
        tool: record['name'],
        description: record['description'],
        declaration: declarationOf(record),
        type: typeName(value),
      }
    }
    const out: Record<string, unknown> = { $type: typeName(value) }
    for (const key of Object.keys(record).sort()) {
      if (key === 'parentAgent') continue
      out[key] = describe(record[key], seen, depth + 1)
    }
    if (isBaseAgent(value)) out['subAgents'] = value.subAgents.map((child) => describe(child, seen, depth + 1))
    return out
  } finally {
    seen.delete(value)
  }
}

function isModel(record: Record<string, unknown>): boolean {
  return typeof record['model'] === 'string' && typeof record['generateContentAsync'] === 'function'
}

function isTool(record: Record<string, unknown>): boolean {
  return (
    typeof record['name'] === 'string' &&
    typeof record['runAsync'] === 'function' &&
    typeof record['getDeclaration'] === 'function'
  )
}

function declarationOf(record: Record<string, unknown>): unknown {
  try {
    return JSON.parse(JSON.stringify((record['getDeclaration'] as () => unknown).call(record) ?? null))
  } catch {
    return null
  }
}

function typeName(value: object): string {
  const name = (value.constructor as { name?: string } | undefined)?.name
  return name && name !== 'Object' ? name : 'Object'
}

/**
 * The DBOS application version of an agent tree version: DBOS wants version names unique across the applications
 * of one system database, and two apps may run the same tree.
 */
export function dbosVersionOf(appName: string, version: string): string {
  return `${version}@${appName}`
}

/** The agent tree version in a DBOS application version. */
export function treeVersionOf(dbosVersion: string | undefined): string | undefined {
  if (dbosVersion === undefined) return undefined
  const at = dbosVersion.indexOf('@')
  return at < 0 ? dbosVersion : dbosVersion.slice(0, at)
}
