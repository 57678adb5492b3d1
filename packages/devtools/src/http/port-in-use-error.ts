import { AdkFluentError, registerErrorCode } from '@adk-fluent/core'

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    PORT_IN_USE: true
  }
}

registerErrorCode('PORT_IN_USE', {
  endsTheRun: false,
  description: 'A devtools server could not listen: the port is taken.',
})

/** A devtools server's port is taken; the message says so and names a free one nearby when it finds one. */
export class PortInUseError extends AdkFluentError {
  declare readonly code: 'PORT_IN_USE'
  readonly port: number
  readonly suggestion: number | undefined

  constructor(port: number, suggestion: number | undefined, host = '127.0.0.1') {
    super(
      'PORT_IN_USE',
      `port ${port} on ${host} is already in use.` +
        (suggestion === undefined ? ' Pick another with --port <n>.' : ` Try --port ${suggestion} (free right now).`),
    )
    this.port = port
    this.suggestion = suggestion
  }
}
