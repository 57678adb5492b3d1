import type { IncomingMessage } from 'node:http'
import { UnauthenticatedUser, type User } from '@a2a-js/sdk/server'
import type { Request, RequestHandler } from 'express'
import { replyRpcError } from './a2a-http.js'

/** Who sends a request to `serveA2a`, as its `authenticate` option says. */
export interface A2aCaller {
  /** The caller's user id: their sessions, tasks and `user:` state and artifacts are theirs alone. */
  readonly userId: string
}

/**
 * `serveA2a`'s `authenticate` option: the caller of a request (from its headers: a token, a client certificate, …),
 * or `undefined` to refuse it (HTTP 401). A throw refuses it too, without showing the error to the caller.
 */
export type A2aAuthenticate = (request: IncomingMessage) => A2aCaller | undefined | Promise<A2aCaller | undefined>

const callerKey = Symbol('adk-fluent.a2a-caller')

/** The user of an authenticated caller, as the SDK scopes tasks by (`userName`). */
class CallerUser implements User {
  readonly #userId: string
  constructor(userId: string) {
    this.#userId = userId
  }
  get isAuthenticated(): boolean {
    return true
  }
  get userName(): string {
    return this.#userId
  }
}

/** Why `userId` cannot name a caller, or `undefined`: 1–256 characters of well-formed text without control characters. */
function userIdProblem(userId: unknown): string | undefined {
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > 256) return 'not 1 to 256 characters'
  if (/[\u0000-\u001F\u007F-\u009F]/.test(userId)) return 'it has control characters'
  if (/[\uD800-\uDFFF]/u.test(userId)) return 'it has a lone surrogate'
  return undefined
}

/**
 * Runs `authenticate` on every JSON-RPC request: an accepted caller goes on with its user attached, anything else is
 * refused with a JSON-RPC error (401) that says nothing about why.
 */
export function authenticateCallers(authenticate: A2aAuthenticate): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      let caller: A2aCaller | undefined
      try {
        caller = await authenticate(req)
      } catch {
        caller = undefined
      }
      if (caller === undefined || caller === null) {
        replyRpcError(res, 401, -32600, 'Authentication required: this A2A server did not accept the credentials sent.')
        return
      }
      const problem = userIdProblem(caller.userId)
      if (problem) {
        replyRpcError(res, 500, -32603, 'Internal error: the server could not identify the caller.')
        console.error(`serveA2a: authenticate() returned a userId that cannot name a user (${problem}).`)
        return
      }
      ;(req as Request & { [callerKey]?: CallerUser })[callerKey] = new CallerUser(caller.userId)
      next()
    })()
  }
}

/** An anonymous caller, known only by the address it connects from (what `serveA2a`'s per-caller limits count). */
class AnonymousCaller extends UnauthenticatedUser {
  constructor(readonly address: string) {
    super()
  }
}

/** The SDK's `userBuilder`: the authenticated caller, else an anonymous one. */
export function callerOf(req: Request): Promise<User> {
  const known = (req as Request & { [callerKey]?: CallerUser })[callerKey]
  return Promise.resolve(known ?? new AnonymousCaller(req.socket.remoteAddress ?? ''))
}
