import { AdkFluentError, registerErrorCode, type AdkFluentErrorOptions } from '@adk-fluent/core'

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    /** A remote agent (`RemoteAgent`) could not be reached or failed. */
    REMOTE_AGENT_FAILED: true
  }
}

registerErrorCode('REMOTE_AGENT_FAILED', {
  endsTheRun: false,
  description: 'A remote A2A agent could not be reached or failed.',
})

/** What went wrong with a remote agent call. */
export type RemoteAgentFailure =
  | 'card-invalid'
  | 'refused'
  | 'http-error'
  | 'json-rpc-error'
  | 'timeout'
  | 'task-failed'
  | 'task-canceled'
  | 'aborted'
  | 'redirect'
  | 'too-large'
  | 'malformed'

/** Options of {@link RemoteAgentError}. */
export interface RemoteAgentErrorOptions extends AdkFluentErrorOptions {
  readonly url: string
  readonly failure: RemoteAgentFailure
}

/**
 * A remote agent could not be reached or failed: refused, an HTTP or JSON-RPC error, a timeout, a remote task that
 * failed or was canceled, an invalid agent card, a redirect (never followed), a card or answer over the size limit, an answer that ends before its task did. Code `REMOTE_AGENT_FAILED`; the message names the agent and the URL.
 * Recognise it with `RemoteAgentError.isInstance(error)` (its own marker: works across module copies) or by `error.code`.
 */
export class RemoteAgentError extends AdkFluentError {
  /** The remote agent's URL (its base URL or card URL, as given). */
  readonly url: string
  readonly failure: RemoteAgentFailure

  constructor(message: string, options: RemoteAgentErrorOptions) {
    super('REMOTE_AGENT_FAILED', message, options)
    this.url = options.url
    this.failure = options.failure
  }
}
