import { templateVariables } from '@adk-fluent/core/internal'
import type { AgentNode } from '../ir/agent-node.js'
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { FlowNode } from '../ir/flow-node.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import { isPromptSpec, promptStateKeys } from '../namespaces/prompt/compile-prompt.js'
import {
  contextCaptureKeys,
  contextOptionalKeys,
  contextStateKeys,
  contextWriteKeys,
} from '../namespaces/context/compile-context.js'
import { formatArgument } from '../namespaces/shared/format-argument.js'
import { schemaKeys } from './describe-schema.js'
import { gateKeys } from '../ir/gate-keys.js'

/**
 * How much a read needs its key: `required` — the run fails without it (`{key}`, a `mapOver` list); `expected` —
 * the step works but sees nothing (`.reads()`, a route key, transform reads); `optional` — absence is planned for
 * (`{key?}`, keys inside `P.when`).
 */
export type ReadStrength = 'required' | 'expected' | 'optional'

/** One state key a node reads itself (not through its children). */
export interface StateRead {
  readonly key: string
  readonly strength: ReadStrength
  /** How it is read, for messages: `{topic} in the instruction`, `.reads('draft')`. */
  readonly via: string
  /** The builder field, appended to the issue path (`instruct`, `reads`, `key`). */
  readonly field: string
  /** Read after the agent's reply is stored (`.artifacts()` operations): the agent's own writes are there already. */
  readonly afterReply?: boolean
}

/** One state key a node writes itself. */
export interface StateWrite {
  readonly key: string
  readonly via: string
  readonly field: string
  /** Written for the caller rather than for later steps (a gate's keys): never reported as unread. */
  readonly forCaller: boolean
  /** Written before the node's own reads (`C.capture`, before the agent runs): they see it. */
  readonly beforeReads?: boolean
}

/** What a node reads and writes itself; `opaqueRead` / `opaqueWrite` name what the checker cannot see into. */
export interface StateAccess {
  readonly reads: readonly StateRead[]
  readonly writes: readonly StateWrite[]
  readonly opaqueRead: string | undefined
  readonly opaqueWrite: string | undefined
}

const nothing: StateAccess = Object.freeze({ reads: [], writes: [], opaqueRead: undefined, opaqueWrite: undefined })

function access(parts: Partial<StateAccess>): StateAccess {
  return { ...nothing, ...parts }
}

function write(key: string, via: string, field: string, forCaller = false): StateWrite {
  return { key, via, field, forCaller }
}

function isStateVariable(key: string): boolean {
  return !key.startsWith('artifact.')
}

/**
 * A `{key}` / `{key?}` read of a template. Its `via` is worded when a message asks for it: `build()` makes one per
 * template variable of every agent and words almost none.
 */
class TemplateRead implements StateRead {
  declare readonly key: string
  declare readonly strength: 'required' | 'optional'
  declare readonly field: string
  readonly #where: string

  constructor(key: string, strength: 'required' | 'optional', where: string, field: string) {
    this.key = key
    this.strength = strength
    this.field = field
    this.#where = where
  }

  get via(): string {
    return this.strength === 'required' ? `{${this.key}} in ${this.#where}` : `{${this.key}?} in ${this.#where}`
  }
}

/** An agent's `.writes(key)`, its `via` worded when a message asks for it (as {@link TemplateRead}). */
class OutputKeyWrite implements StateWrite {
  declare readonly key: string
  declare readonly field: 'writes'
  declare readonly forCaller: false

  constructor(key: string) {
    this.key = key
    this.field = 'writes'
    this.forCaller = false
  }

  get via(): string {
    return `.writes(${formatArgument(this.key)})`
  }
}

/** The reads of a template, in a list of their own (made at its size: it is usually an agent's whole list). */
function templateReads(template: string, where: string, field: string): StateRead[] {
  const { required, optional } = templateVariables(template)
  const reads: StateRead[] = new Array<StateRead>(required.length)
  for (let index = 0; index < required.length; index++) {
    const key = required[index] as string
    reads[index] = new TemplateRead(key, 'required', where, field)
  }
  for (const key of optional) reads.push(new TemplateRead(key, 'optional', where, field))
  return reads.every(readsState) ? reads : reads.filter(readsState)
}

function readsState(read: StateRead): boolean {
  return isStateVariable(read.key)
}

function instructionReads(node: AgentNode): StateRead[] {
  const { instruction } = node
  if (typeof instruction === 'string') return templateReads(instruction, 'the instruction', 'instruct')
  if (!isPromptSpec(instruction)) return []
  const { required, optional } = promptStateKeys(instruction)
  const reads = required.map(
    (key): StateRead => ({ key, strength: 'required', via: `{${key}} in the instruction`, field: 'instruct' }),
  )
  for (const key of optional)
    reads.push({ key, strength: 'optional', via: `state key '${key}' in the instruction`, field: 'instruct' })
  return reads
}

/**
 * The state an agent reads and writes itself (its sub-agents and agent tools are separate nodes). Runs once per agent
 * at every `build()`, so it makes two lists (at their size in the common case) instead of concatenating one per source.
 */
export function agentAccess(node: AgentNode): StateAccess {
  const reads = instructionReads(node)
  if (node.globalInstruction !== undefined)
    reads.push(...templateReads(node.globalInstruction, 'the global instruction', 'globalInstruct'))
  if (node.reads) {
    for (const key of node.reads.keys)
      reads.push({ key, strength: 'expected', via: `.reads(${formatArgument(key)})`, field: 'reads' })
  }
  if (node.context) {
    // `{key?}` of C.template and a scratchpad (C.notes, C.writeNotes) may be absent: optional reads.
    const optional = contextOptionalKeys(node.context)
    for (const key of contextStateKeys(node.context)) {
      const strength = optional.includes(key) ? 'optional' : 'expected'
      reads.push({ key, strength, via: `state key '${key}' in .context()`, field: 'context' })
    }
  }
  if (node.consumes) {
    for (const key of schemaKeys(node.consumes))
      reads.push({ key, strength: 'expected', via: `.consumes() field '${key}'`, field: 'consumes' })
  }
  for (let index = 0; index < node.artifacts.length; index++) {
    const operation = node.artifacts[index] as ArtifactOperation
    for (const key of operation.reads) {
      const via = `${operation.description} in .artifacts()`
      reads.push({ key, strength: 'expected', via, field: 'artifacts', afterReply: true })
    }
  }
  const writes: StateWrite[] = node.writes === undefined ? [] : [new OutputKeyWrite(node.writes)]
  if (node.produces) {
    for (const key of schemaKeys(node.produces)) writes.push(write(key, `.produces() field '${key}'`, 'produces'))
  }
  if (node.context) {
    const captured = contextCaptureKeys(node.context)
    for (const key of contextWriteKeys(node.context)) {
      const item = write(key, `state key '${key}' written by .context()`, 'context')
      writes.push(captured.includes(key) ? { ...item, beforeReads: true } : item)
    }
  }
  for (let index = 0; index < node.artifacts.length; index++) {
    const operation = node.artifacts[index] as ArtifactOperation
    for (const key of operation.writes) writes.push(write(key, `${operation.description} in .artifacts()`, 'artifacts'))
  }
  const opaque =
    typeof node.instruction === 'function'
      ? node.proceedIf
        ? 'its instruction function and its .proceedIf() predicate'
        : 'its instruction function'
      : node.proceedIf
        ? 'its .proceedIf() predicate'
        : undefined
  return { reads, writes, opaqueRead: opaque, opaqueWrite: undefined }
}

const accessByKind: NodeVisitor<StateAccess> = {
  agent: agentAccess,
  sequence: () => nothing,
  parallel: () => nothing,
  loop: (node) => access({ opaqueRead: node.until ? 'its .until() predicate' : undefined }),
  fallback: () => nothing,
  route: (node) =>
    access({
      reads: [{ key: node.key, strength: 'expected', via: `Route(${formatArgument(node.key)})`, field: 'key' }],
      opaqueRead: node.rules.some((rule) => rule.operator === 'when') ? 'its .when() predicates' : undefined,
    }),
  'function-step': (node) =>
    node.writes
      ? access({
          opaqueRead: `function ${node.name}`,
          writes: node.writes.map((key) => write(key, `function ${node.name}`, 'writes')),
        })
      : access({ opaqueRead: `function ${node.name}`, opaqueWrite: `function ${node.name}` }),
  'transform-step': ({ transform }) =>
    access({
      reads: (transform.reads ?? []).map(
        (key): StateRead => ({ key, strength: 'expected', via: transform.description, field: 'reads' }),
      ),
      writes: (transform.writes ?? []).map((key) => write(key, transform.description, 'writes')),
      opaqueRead: transform.reads === null ? transform.description : undefined,
      opaqueWrite: transform.writes === null ? transform.description : undefined,
    }),
  'artifact-step': ({ operation }) =>
    access({
      reads: operation.reads.map(
        (key): StateRead => ({ key, strength: 'expected', via: operation.description, field: 'reads' }),
      ),
      writes: operation.writes.map((key) => write(key, operation.description, 'writes')),
    }),
  tap: () => access({ opaqueRead: 'a tap() function' }),
  expect: () => access({ opaqueRead: 'an expect() predicate' }),
  gate: (node) => {
    const keys = gateKeys(node.key)
    const via = `gate(… { key: '${node.key}' })`
    return access({
      writes: [write(keys.waiting, via, 'key', true), write(keys.message, via, 'key', true)],
      opaqueRead: 'a gate() predicate',
    })
  },
  race: () => nothing,
  timeout: () => nothing,
  'map-over': (node) =>
    access({
      reads: [
        { key: node.listKey, strength: 'required', via: `mapOver(${formatArgument(node.listKey)})`, field: 'listKey' },
      ],
      writes: [
        write(
          node.outputKey,
          `mapOver(${formatArgument(node.listKey)}, …, { outputKey: '${node.outputKey}' })`,
          'outputKey',
        ),
      ],
    }),
  graph: () => nothing,
  'graph-function': (node) =>
    access({ opaqueRead: `function ${node.name}(ctx, input)`, opaqueWrite: `function ${node.name}(ctx, input)` }),
  'graph-join': () => nothing,
  'graph-parallel-worker': () => nothing,
  'remote-agent': (node) =>
    access({
      reads: node.sends.map(
        (key): StateRead => ({ key, strength: 'expected', via: `.sends(${formatArgument(key)})`, field: 'sends' }),
      ),
      writes: node.receives.map((key) => write(key, `.receives(${formatArgument(key)})`, 'receives')),
    }),
}

/** What `node` reads and writes itself, not counting its children. */
export function stateAccess(node: FlowNode): StateAccess {
  return visitNode(accessByKind, node)
}
