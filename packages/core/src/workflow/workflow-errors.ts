import { AdkFluentError, type AdkFluentErrorOptions } from '../errors/adk-fluent-error.js'
import { AbortError } from '../errors/runtime-errors.js'

/** A workflow node ran past its `timeout` (code `NODE_TIMEOUT`); a node's `retryConfig` may retry it. */
export class NodeTimeoutError extends AdkFluentError {
  readonly nodeName: string
  /** The timeout, in seconds. */
  readonly timeout: number
  constructor(options: { nodeName: string; timeout: number } & AdkFluentErrorOptions) {
    const { nodeName, timeout, ...rest } = options
    super('NODE_TIMEOUT', `Node '${nodeName}' timed out after ${timeout} seconds.`, rest)
    this.nodeName = nodeName
    this.timeout = timeout
  }
}

/**
 * A node's input or output failed its `inputSchema` / `outputSchema` (code `NODE_SCHEMA_INVALID`); the parser's
 * error is the `cause`.
 */
export class NodeSchemaValidationError extends AdkFluentError {
  readonly nodeName: string
  readonly direction: 'input' | 'output'
  constructor(options: { nodeName: string; direction: 'input' | 'output'; cause: unknown } & AdkFluentErrorOptions) {
    const { nodeName, direction, cause, ...rest } = options
    const detail = cause instanceof Error ? cause.message : String(cause)
    super(
      'NODE_SCHEMA_INVALID',
      `Node '${nodeName}': its ${direction} does not match its ${direction}Schema: ${detail}`,
      { ...rest, cause },
    )
    this.nodeName = nodeName
    this.direction = direction
  }
}

/**
 * A node reported a failure by emitting an error event (`errorCode`) instead of throwing, and produced nothing (code
 * `NODE_REPORTED_ERROR`; the reported code is `errorCode`). Retry it with `exceptions: ['NodeReportedError']`.
 */
export class NodeReportedError extends AdkFluentError {
  readonly nodeName: string
  /** The code the node's error event carried. */
  readonly errorCode: string | undefined
  constructor(options: { nodeName: string; errorCode?: string | undefined; errorMessage?: string | undefined }) {
    super(
      'NODE_REPORTED_ERROR',
      `Node '${options.nodeName}' reported an error${options.errorCode ? ` (${options.errorCode})` : ''}: ${
        options.errorMessage ?? 'no message'
      }`,
    )
    this.nodeName = options.nodeName
    this.errorCode = options.errorCode
  }
}

/** The invocation was aborted while a node ran or waited to be retried (code `ABORTED`). */
export class InvocationAbortedError extends AbortError {}

/** True for a {@link NodeTimeoutError}, whichever module instance created it. */
export function isNodeTimeoutError(error: unknown): error is NodeTimeoutError {
  return NodeTimeoutError.isInstance(error)
}

/** True for a {@link NodeSchemaValidationError}. */
export function isNodeSchemaValidationError(error: unknown): error is NodeSchemaValidationError {
  return NodeSchemaValidationError.isInstance(error)
}

/** True for a {@link NodeReportedError}. */
export function isNodeReportedError(error: unknown): error is NodeReportedError {
  return NodeReportedError.isInstance(error)
}

/** True for an {@link InvocationAbortedError}. */
export function isInvocationAbortedError(error: unknown): error is InvocationAbortedError {
  return InvocationAbortedError.isInstance(error)
}

/**
 * A node a workflow ran with `ctx.runNode` failed (code `NODE_FAILED`): the node that called it fails with this error,
 * which names the child's path and keeps its error (`error`, and `cause`). Not retried by the calling node.
 */
export class DynamicNodeFailError extends AdkFluentError {
  readonly error: unknown
  readonly errorNodePath: string
  constructor(error: unknown, errorNodePath: string) {
    super(
      'NODE_FAILED',
      `Dynamic node ${errorNodePath} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
    this.error = error
    this.errorNodePath = errorNodePath
  }
}
