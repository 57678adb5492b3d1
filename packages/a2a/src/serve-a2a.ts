import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AGENT_CARD_PATH } from '@a2a-js/sdk'
import type { TaskStore } from '@a2a-js/sdk/server'
import { agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express'
import {
  ConfigError,
  InMemoryArtifactService,
  InMemorySessionService,
  Runner,
  isBaseAgent,
  type BaseAgent,
  type BaseSessionService,
} from '@adk-fluent/core'
import express from 'express'
import { buildAgentCard } from './agent-card.js'
import { authenticateCallers, callerOf, type A2aAuthenticate } from './a2a-caller.js'
import {
  bodyReader,
  DEFAULT_MAX_BODY_BYTES,
  errorReply,
  hostGuard,
  hostPolicy,
  notFound,
  versionGuard,
} from './a2a-http.js'
import { A2aRequestHandler, KnownTaskStore } from './a2a-request-handler.js'
import type { A2aAgentCard, AgentCardOverrides } from './a2a-card-types.js'
import { CallerLimits, DEFAULT_MAX_SESSIONS_PER_CALLER, DEFAULT_MAX_TASKS_PER_CALLER } from './caller-limits.js'
import { PipelineExecutor } from './pipeline-executor.js'

/** Options of {@link serveA2a}. */
export interface ServeA2aOptions {
  /** Port to listen on (default 8000); `0` takes a free port. */
  readonly port?: number
  /** Interface to bind (default `127.0.0.1`: only this machine can connect). */
  readonly host?: string
  /** Card fields to set instead of those derived from the agent tree. */
  readonly card?: AgentCardOverrides
  /** Where conversations live: an A2A `contextId` is a session id here (default: in memory). */
  readonly sessionService?: BaseSessionService
  /** The sessions' app name (default: the root agent's name). */
  readonly appName?: string
  /**
   * The user id of every anonymous caller's sessions: they then share `user:` state and user artifacts. Default, as in
   * ADK: each conversation is a user of its own, `A2A_USER_<contextId>`. With `authenticate`, each caller's own id.
   */
  readonly userId?: string
  /**
   * Identifies the caller of each JSON-RPC request (from its headers); `undefined` or a throw refuses it (401). Each
   * caller then has their own sessions, tasks, `user:` state and user artifacts. Without it callers are anonymous:
   * a task or context is reachable only by its id (random UUIDs the server makes), each conversation is a user of
   * its own (see `userId`), and tasks are listed only for a `contextId` the caller names.
   */
  readonly authenticate?: A2aAuthenticate
  /**
   * Host names the server answers to besides loopback names and its bound address (`Host` header, port ignored):
   * names it is reached by through a proxy or DNS. `'*'` answers any. Other names get 403 (a DNS rebinding guard).
   */
  readonly allowedHosts?: readonly string[] | '*'
  /** Largest request body read, in bytes (default 4 MiB); a larger one gets a JSON-RPC error (413). */
  readonly maxBodyBytes?: number
  /**
   * Most tasks one caller may make on this server (default 1000): past it, a message starting a task gets a JSON-RPC
   * "invalid params" error saying so, and nothing runs or is kept. A caller is an authenticated user id, else the
   * address it connects from. Other callers are counted apart. Tasks are kept in memory for the server's life, so
   * this also bounds the task store: at most this many times the number of callers.
   */
  readonly maxTasksPerCaller?: number
  /** Most conversations (contexts, i.e. sessions) one caller may start on this server (default 100); as above. */
  readonly maxSessionsPerCaller?: number
  /**
   * Where tasks are kept (default: the SDK's in-memory store). With a durable one (any `TaskStore` of `@a2a-js/sdk`,
   * such as its `DatabaseTaskStore`) and a durable `sessionService`, a task left `input-required` is answerable after
   * a restart: what it waits for is read again from its session.
   */
  readonly taskStore?: TaskStore
}

/** A running A2A server. */
export interface A2aServer {
  /** The JSON-RPC endpoint (the card's interface URL), ending in `/`. */
  readonly url: string
  /** `url` + `.well-known/agent-card.json`. */
  readonly cardUrl: string
  /** The card it serves (A2A 1.0 shape). */
  readonly card: A2aAgentCard
  /** Stops listening and cancels the tasks still running. */
  close(): Promise<void>
}

/**
 * Anything `serveA2a` serves: a fluent builder, a core agent, or a function giving a core agent — called for the card
 * and again for every task, so each task runs on a tree of its own (models that keep state per run, such as a script
 * replayed from its first reply).
 */
export type A2aTarget = BaseAgent | { build(): BaseAgent } | (() => BaseAgent)

function rootAgent(target: A2aTarget): BaseAgent {
  if (isBaseAgent(target)) return target
  if (typeof target === 'function') return rootAgent(target())
  if (typeof target === 'object' && target !== null && typeof (target as { build?: unknown }).build === 'function')
    return (target as { build(): BaseAgent }).build()
  throw new ConfigError([
    {
      code: 'agent_invalid',
      path: ['serveA2a', 'target'],
      message: 'serveA2a() serves a builder (Agent(...), Pipeline(...), …) or a core agent, got something else.',
      hint: 'Pass the builder itself, without awaiting it.',
    },
  ])
}

/**
 * Serves an agent tree as an A2A agent: the card at `/.well-known/agent-card.json`, JSON-RPC at `url` in A2A 1.0
 * (`SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`, …) and, for older clients, the 0.3 method names
 * (`message/send`, `message/stream`, `tasks/get`, `tasks/cancel`). A `contextId` is a session of `appName` in
 * `sessionService`: the same `contextId` continues the conversation, a message without one starts a new session.
 * Runs are resumable: a run that pauses (an approval, a request for input, a long-running tool) ends its task
 * `input-required` with what it waits for, and a message to that task with the answers resumes it (see
 * docs/pause-and-resume.md).
 * Bound to 127.0.0.1 unless `host` says otherwise. Every request is checked before it runs: its `Host` names this
 * server and it comes from no other site's page, its body is at most `maxBodyBytes` and 100 levels deep, its ids have
 * no path or control characters, its data parts write only session keys. Every refusal and error is a JSON-RPC error
 * (in a stream, an SSE error event) without a stack, a local path or a secret; one bad request never stops the
 * server or another caller's task.
 * @example
 * const server = await serveA2a(Pipeline('support').step(triage).step(answer), { port: 0 })
 * console.log(server.cardUrl)
 * await server.close()
 */
export async function serveA2a(target: A2aTarget, options: ServeA2aOptions = {}): Promise<A2aServer> {
  const agent = rootAgent(target)
  const host = options.host ?? '127.0.0.1'
  const sessionService = options.sessionService ?? new InMemorySessionService()
  const appName = options.appName ?? agent.name
  const artifactService = new InMemoryArtifactService()
  // Resumable: a task that paused (input-required) resumes its own invocation when the answer arrives.
  const runnerOf = (root: BaseAgent) =>
    new Runner({ appName, agent: root, sessionService, artifactService, resumabilityConfig: { isResumable: true } })
  const runner = typeof target === 'function' ? () => runnerOf(rootAgent(target)) : runnerOf(agent)
  const executor = new PipelineExecutor({
    runner,
    sessionService,
    appName,
    ...(options.userId === undefined ? {} : { userId: options.userId }),
  })
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const app = express()
  app.disable('x-powered-by')
  // Routes come after listening: the card names the URL, which needs the port; nobody knows the port before.
  const server = await listen(app, options.port ?? 8000, host)
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${shownHost}:${address.port}/`
  const card = buildAgentCard(agent, url, options.card)
  // The SDK's store keeps each authenticated user's tasks apart (anonymous callers share one, reached by task id).
  const limits = new CallerLimits(
    positive(options.maxTasksPerCaller, 'maxTasksPerCaller') ?? DEFAULT_MAX_TASKS_PER_CALLER,
    positive(options.maxSessionsPerCaller, 'maxSessionsPerCaller') ?? DEFAULT_MAX_SESSIONS_PER_CALLER,
  )
  const handler = new A2aRequestHandler(card, new KnownTaskStore(limits, options.taskStore), executor, limits)
  const legacyCompat = { enabled: true }
  app.use(hostGuard(hostPolicy(address.address, options.allowedHosts)))
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat }))
  app.post('/', versionGuard(card))
  if (options.authenticate) app.post('/', authenticateCallers(options.authenticate))
  app.post('/', ...bodyReader(maxBodyBytes))
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: callerOf, legacyCompat }))
  app.use(notFound)
  app.use(errorReply(maxBodyBytes))
  return {
    url,
    cardUrl: `${url}${AGENT_CARD_PATH}`,
    card,
    close: () => {
      executor.cancelAll()
      return close(server)
    },
  }
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined || (Number.isInteger(value) && value > 0)) return value
  throw new ConfigError([
    {
      code: 'number_invalid',
      path: ['serveA2a', name],
      message: `serveA2a option ${name} must be a positive integer, got ${String(value)}.`,
      hint: `Leave ${name} out for the default, or give a whole number of at least 1.`,
    },
  ])
}

function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)))
    server.once('error', reject)
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}
