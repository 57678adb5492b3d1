import type { IncomingMessage, ServerResponse } from 'node:http'
import type { EventStream, EventStreamOptions } from './event-stream.js'
import { idIssue, shownId } from './ids.js'
import { HttpRequestError } from './request-error.js'

/** What a route's handler gets: the request, the response, the path's named segments (decoded) and the query. */
export interface RouteCall {
  readonly request: IncomingMessage
  readonly response: ServerResponse
  /**
   * The `:name` segments (and a trailing `*name`) of the route's path, percent-decoded and checked: a `:name` segment
   * is an id (see `idIssue`: no `/`, `\`, `.`, `..`, control or invisible characters, at most 128 characters).
   */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /**
   * Starts a server-sent-event stream on the response, which the server ends when it closes; a 429
   * `HTTP_TOO_MANY` when the server already holds as many streams as it keeps.
   */
  eventStream(options?: EventStreamOptions): EventStream
  /** Throws the 429 {@link eventStream} would, without opening one (to refuse before starting what it streams). */
  checkStreamRoom(): void
}

/**
 * A handler answers by returning a `Reply` or a JSON value (200), or by writing the response itself (an event
 * stream) and returning `undefined`.
 */
export type RouteHandler = (call: RouteCall) => Promise<unknown>

interface Route {
  readonly method: string
  readonly pattern: RegExp
  /** Each named segment, and whether it is the rest of the path (`*name`) rather than one segment (an id). */
  readonly names: readonly { readonly name: string; readonly rest: boolean }[]
  readonly handler: RouteHandler
}

/** The path and query of a request target; anything but a path (`/…`) is a 400. */
export function requestTarget(target: string | undefined): { pathname: string; query: URLSearchParams } {
  // Parsed by hand, never with `new URL(target, base)`: a target such as `//[` is an invalid URL (it throws) and
  // `//host/path` would lose its first segment to the URL's authority.
  if (target === undefined || !target.startsWith('/'))
    throw new HttpRequestError('HTTP_BAD_REQUEST', 'The request target must be a path starting with "/".')
  const mark = target.indexOf('?')
  return mark === -1
    ? { pathname: target, query: new URLSearchParams() }
    : { pathname: target.slice(0, mark), query: new URLSearchParams(target.slice(mark + 1)) }
}

const controlCharacter = /[\u0000-\u001f\u007f]/

function decodeSegment(raw: string, rest: boolean): string {
  const shown = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw
  let value: string
  try {
    value = decodeURIComponent(raw)
  } catch {
    throw new HttpRequestError('HTTP_BAD_REQUEST', `The path segment "${shown}" has malformed percent-encoding.`)
  }
  if (controlCharacter.test(value))
    throw new HttpRequestError('HTTP_BAD_REQUEST', `The path segment "${shown}" holds a control character.`)
  const issue = rest ? undefined : idIssue(value)
  if (issue !== undefined)
    throw new HttpRequestError(
      'HTTP_BAD_REQUEST',
      `The path segment ${shownId(value)} ${issue}: names and ids in a path are 1 to 128 visible characters, without "/" or "\\" (also encoded), and not "." or "..".`,
    )
  return value
}

/**
 * Routes written as `/apps/:app/users/:user/sessions`, matched whole: `:name` matches one path segment, a last
 * `*name` the rest of the path. Every named segment is percent-decoded and checked once, here: malformed encoding or
 * a control character is a 400 naming the segment, and a `:name` segment must be an id (`idIssue`): an app, user,
 * session, artifact or eval set name never carries `/`, `\`, `..` or an invisible character into a handler.
 */
export class Router {
  readonly #routes: Route[] = []

  add(method: string, paths: string | readonly string[], handler: RouteHandler): this {
    for (const path of typeof paths === 'string' ? [paths] : paths) {
      const names: { name: string; rest: boolean }[] = []
      const source = path
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:(\w+)|\*(\w+)$/g, (_, segment: string | undefined, rest: string | undefined) => {
          names.push({ name: (segment ?? rest) as string, rest: segment === undefined })
          return segment === undefined ? '(.*)' : '([^/]+)'
        })
      this.#routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler })
    }
    return this
  }

  /** The handler and decoded segments for a request; 405 when only another method matches, 404 when nothing does. */
  match(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } {
    let otherMethod = false
    for (const route of this.#routes) {
      const found = route.pattern.exec(pathname)
      if (!found) continue
      if (route.method !== method) {
        otherMethod = true
        continue
      }
      const params: Record<string, string> = {}
      for (const [index, { name, rest }] of route.names.entries())
        params[name] = decodeSegment(found[index + 1] as string, rest)
      return { handler: route.handler, params }
    }
    if (otherMethod)
      throw new HttpRequestError('HTTP_METHOD_NOT_ALLOWED', `${method} is not allowed on ${shown(pathname)}.`)
    throw new HttpRequestError('HTTP_NOT_FOUND', `Not found: ${method} ${shown(pathname)}`)
  }
}

/** A path as an error message shows it: at most 200 characters. */
function shown(pathname: string): string {
  return pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname
}
