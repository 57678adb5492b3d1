import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AGENT_CARD_PATH } from '@a2a-js/sdk'
import { DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server'
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express'
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
import type { A2aAgentCard, AgentCardOverrides } from './a2a-card-types.js'
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
  /** The sessions' user id (default `a2a`). */
  readonly userId?: string
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
 * Bound to 127.0.0.1 unless `host` says otherwise.
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
  const runnerOf = (root: BaseAgent) => new Runner({ appName, agent: root, sessionService, artifactService })
  const runner = typeof target === 'function' ? () => runnerOf(rootAgent(target)) : runnerOf(agent)
  const executor = new PipelineExecutor({ runner, sessionService, appName, userId: options.userId ?? 'a2a' })
  const app = express()
  // Routes come after listening: the card names the URL, which needs the port; nobody knows the port before.
  const server = await listen(app, options.port ?? 8000, host)
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${shownHost}:${address.port}/`
  const card = buildAgentCard(agent, url, options.card)
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor)
  const legacyCompat = { enabled: true }
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat }))
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat }))
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
