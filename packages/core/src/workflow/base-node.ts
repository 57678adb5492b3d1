import type { Content } from '../models/genai-types.js'
import { createEvent, isEvent, type Event } from '../events/event.js'
import { isRequestInput } from '../pause/request-input.js'
import { createRequestInputEvent } from '../pause/request-input-event.js'
import { ConfigError } from '../errors/config-error.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import { describeValue } from '../util/describe-value.js'
import type { NodeContext } from './node-context.js'
import { prepareRetryConfig, type PreparedRetryConfig, type RetryConfig } from './retry-config.js'
import { parseWithSchema, type SchemaLike } from './schema-like.js'
import { NodeSchemaValidationError } from './workflow-errors.js'
import { assertStateSchema } from '../sessions/state-schema.js'

const nodeBrand = brandSymbol('workflow.base-node')

/** What every workflow node is configured with (ADK 2.0 `BaseNodeConfig`). */
export interface BaseNodeConfig {
  /** The node's name, unique within a graph. */
  name: string
  description?: string
  /** Run the node again when its workflow resumes, even if it completed before. Default `false`. */
  rerunOnResume?: boolean
  /** A run that ends with neither output nor route leaves the node waiting instead of completing. Default `false`. */
  waitForOutput?: boolean
  /** Retries when the node throws. */
  retryConfig?: RetryConfig
  /** Longest time the node may run, in seconds; past it the node fails with a `NodeTimeoutError`. */
  timeout?: number
  /** Checked against the node's input before it runs (zod v3/v4 or a genai `Schema`; genai `Content` passes). */
  inputSchema?: SchemaLike
  /** Checked against each output the node produces. */
  outputSchema?: SchemaLike
  /**
   * Declares the state keys this node (and every node inside it that declares none) may write, and their types: an
   * object schema (zod `z.object({...})` or a genai `Schema` of type OBJECT). A write of an undeclared key or a value
   * of the wrong type fails the node with a `StateSchemaError`; prefixed keys (`app:`, `user:`, `temp:`) are free.
   */
  stateSchema?: SchemaLike
}

/**
 * A unit of work in a {@link Workflow} (ADK 2.0 `BaseNode`). Subclasses implement `runImpl`, which yields events, raw
 * values (each becomes an event whose `output` is the value) or `null`/`undefined` (skipped); {@link BaseNode.run}
 * turns what it yields into events. Every agent is a node too.
 */
export abstract class BaseNode<TInput = unknown, TOutput = unknown> {
  static {
    Object.defineProperty(BaseNode.prototype, nodeBrand, { value: true })
  }

  readonly name: string
  readonly description: string
  readonly rerunOnResume: boolean
  readonly waitForOutput: boolean
  readonly retryConfig: RetryConfig | undefined
  /** {@link BaseNode.retryConfig} checked once, when the node was made. */
  readonly preparedRetryConfig: PreparedRetryConfig | undefined
  readonly timeout: number | undefined
  readonly inputSchema: SchemaLike | undefined
  readonly outputSchema: SchemaLike | undefined
  readonly stateSchema: SchemaLike | undefined

  /**
   * @param config the node's configuration.
   * @param nameChecked set by a subclass that checks the name itself (an agent: its ConfigError lists every problem).
   */
  constructor(config: BaseNodeConfig, nameChecked = false) {
    const name = typeof config?.name === 'string' ? config.name.trim() : config?.name
    if (!nameChecked && (typeof name !== 'string' || name.length === 0)) {
      throw new ConfigError([
        {
          code: 'text_invalid',
          path: [new.target.name, 'name'],
          message: `Node name must be a non-empty string (got ${describeValue(config?.name)}).`,
          hint: "Give the node a name, for example new FunctionNode('classify', handler).",
        },
      ])
    }
    if (
      config?.timeout !== undefined &&
      (typeof config.timeout !== 'number' || !(config.timeout > 0) || !Number.isFinite(config.timeout))
    ) {
      throw new ConfigError([
        {
          code: 'number_invalid',
          path: [String(name), 'timeout'],
          message: `timeout must be a positive number of seconds (got ${describeValue(config.timeout)}).`,
        },
      ])
    }
    assertStateSchema(config?.stateSchema, [String(name)])
    this.name = name as string
    this.description = config?.description ?? ''
    this.rerunOnResume = config?.rerunOnResume ?? false
    this.waitForOutput = config?.waitForOutput ?? false
    this.retryConfig = config?.retryConfig
    this.preparedRetryConfig = config?.retryConfig ? prepareRetryConfig(config.retryConfig) : undefined
    this.timeout = config?.timeout
    this.inputSchema = config?.inputSchema
    this.outputSchema = config?.outputSchema
    this.stateSchema = config?.stateSchema
  }

  /**
   * Whether a durable run records the node's run as one checkpointed step (its events and result), so a re-execution
   * does not run its code again: yes for nodes whose work is their own code. An agent (its model and tool calls are
   * steps already), a tool node (its call is one) and a join (it computes nothing) say no.
   */
  get checkpointAsStep(): boolean {
    return !this.requiresAllPredecessors
  }

  /** Whether the node waits until every predecessor completed (a fan-in barrier); `JoinNode` says yes. */
  get requiresAllPredecessors(): boolean {
    return false
  }

  /** The node's work: yields events, raw values (outputs) or `null`/`undefined`. */
  protected abstract runImpl(
    ctx: NodeContext,
    input: TInput,
  ): AsyncGenerator<Event | TOutput | unknown, void, undefined>

  /**
   * Runs the node: checks the input against `inputSchema` once, then turns every item `runImpl` yields into an event
   * (what the workflow and `ctx.runNode` consume). Each item goes through {@link BaseNode.toEvent} — the one place
   * a node result becomes an event — except a `RequestInput`, which pauses the node with its
   * `adk_request_input` event, as ADK 2.0's nodes do (the reply is `ctx.resumeInputs[interruptId]` on resume).
   */
  async *run(ctx: NodeContext, input: TInput): AsyncGenerator<Event, void, undefined> {
    const validated = this.validateInput(input)
    for await (const item of this.runImpl(ctx, validated)) {
      const event = isRequestInput(item)
        ? createRequestInputEvent(item, { invocationId: ctx.invocationId, author: this.name, branch: ctx.branch })
        : this.toEvent(ctx, item)
      if (event) yield event
    }
  }

  /** Checks the input against `inputSchema` (genai `Content` passes: nodes read it themselves). */
  protected validateInput(input: TInput): TInput {
    if (this.inputSchema === undefined || isContent(input)) return input
    try {
      return parseWithSchema(this.inputSchema, input) as TInput
    } catch (cause) {
      throw new NodeSchemaValidationError({ nodeName: this.name, direction: 'input', cause })
    }
  }

  /** Checks an output against `outputSchema` (genai `Content` passes). */
  protected validateOutput(output: unknown): unknown {
    if (this.outputSchema === undefined || isContent(output)) return output
    try {
      return parseWithSchema(this.outputSchema, output)
    } catch (cause) {
      throw new NodeSchemaValidationError({ nodeName: this.name, direction: 'output', cause })
    }
  }

  /**
   * Turns one yielded item into an event, or `null` to skip it: an event passes (its output checked); any other
   * value becomes an event whose `output` is the value and whose content shows it.
   */
  protected toEvent(ctx: NodeContext, data: unknown): Event | null {
    if (data === null || data === undefined) return null
    if (isEvent(data)) {
      if (data.output !== undefined) data.output = this.validateOutput(data.output)
      return data
    }
    const output = this.validateOutput(data)
    return outputEvent(this.name, ctx, output)
  }
}

/** An event carrying a node's output, with content showing it. */
export function outputEvent(author: string, ctx: NodeContext, output: unknown): Event {
  const event = createEvent({ author, invocationId: ctx.invocationId, output })
  const content = toContent(output)
  if (content) event.content = content
  if (ctx.branch !== undefined) event.branch = ctx.branch
  return event
}

/** True for any {@link BaseNode} (every agent included), whichever module instance created it. */
export function isBaseNode(value: unknown): value is BaseNode {
  return hasBrand(value, nodeBrand)
}

/** True for a value shaped like a genai `Content`. */
export function isContent(value: unknown): value is Content {
  return typeof value === 'object' && value !== null && Array.isArray((value as Content).parts)
}

class StartNode extends BaseNode {
  // eslint-disable-next-line require-yield
  protected async *runImpl(): AsyncGenerator<unknown, void, undefined> {
    throw new Error('START node is never executed.')
  }
}

/** The entry point of a graph (name `__START__`); chains also accept the string `'START'`. */
export const START: BaseNode = new StartNode({ name: '__START__' })

/** A value as genai `Content` for display: text as is, `Content` as is, anything else as JSON text. */
export function toContent(value: unknown): Content | undefined {
  if (value === null || value === undefined) return undefined
  if (isContent(value)) return value
  return { role: 'model', parts: [{ text: valueToText(value) }] }
}

function valueToText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
