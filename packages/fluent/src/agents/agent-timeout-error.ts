import { MaxTurnsError, type AdkFluentErrorOptions } from '@adk-fluent/core'

/** An agent wrapped in `timeout(agent, ms)` did not finish in time (code `MAX_TURNS`: a configured limit). */
export class AgentTimeoutError extends MaxTurnsError {
  readonly milliseconds: number

  constructor(agentName: string, milliseconds: number, options: AdkFluentErrorOptions = {}) {
    super(
      `Agent "${agentName}" did not finish within its ${milliseconds} ms timeout and was cancelled. Raise the limit in timeout(agent, ms), or make the agent do less.`,
      { ...options, agentName },
    )
    this.milliseconds = milliseconds
  }
}
