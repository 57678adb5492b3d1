import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiRequestError } from './api-request-error.js'

/** What a route's handler gets: the request, the response, the path's named segments (decoded) and the query. */
export interface RouteCall {
  readonly request: IncomingMessage
  readonly response: ServerResponse
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
}

/** A handler answers by returning a {@link Reply} or a JSON value (200), or by writing the response itself (`undefined`). */
export type RouteHandler = (call: RouteCall) => Promise<unknown>

/** An answer with a status other than 200, or a body that is not JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly type: string = 'application/json; charset=utf-8',
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

interface Route {
  readonly method: string
  readonly pattern: RegExp
  readonly names: readonly string[]
  readonly handler: RouteHandler
}

/** Routes written as `/apps/:app/users/:user/sessions`, matched whole; `:name` matches one path segment. */
export class RouteTable {
  readonly #routes: Route[] = []

  add(method: string, paths: string | readonly string[], handler: RouteHandler): this {
    for (const path of typeof paths === 'string' ? [paths] : paths) {
      const names: string[] = []
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
        names.push(name)
        return '([^/]+)'
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
      for (const [index, name] of route.names.entries()) {
        try {
          params[name] = decodeURIComponent(found[index + 1] as string)
        } catch {
          throw new ApiRequestError(
            400,
            'API_BAD_REQUEST',
            `The path segment "${found[index + 1]}" is not valid URL encoding.`,
          )
        }
      }
      return { handler: route.handler, params }
    }
    if (otherMethod)
      throw new ApiRequestError(405, 'API_METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}.`)
    throw new ApiRequestError(404, 'API_NOT_FOUND', `Not found: ${method} ${pathname}`)
  }
}
