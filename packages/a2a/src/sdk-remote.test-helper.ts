import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { AGENT_CARD_PATH, Role, TaskState, type AgentCard, type Message } from '@a2a-js/sdk'
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server'
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express'
import express from 'express'
import { afterEach } from 'vitest'

/** What the SDK-hosted remote answers: text, data, or a final task state other than completed. */
export interface RemoteReply {
  readonly text?: string
  readonly data?: Record<string, unknown>
  readonly state?: TaskState
  /** Waits before answering (to test timeouts and cancellation). */
  readonly delayMs?: number
  /** Answer with a bare message instead of a task. */
  readonly asMessage?: boolean
}

/** One message the remote received. */
export interface ReceivedMessage {
  readonly text: string
  readonly data: Record<string, unknown> | undefined
  readonly contextId: string
  readonly method: 'send' | 'stream'
  /** The media types of its file parts (raw bytes or URLs). */
  readonly files: readonly string[]
}

export interface SdkRemote {
  readonly url: string
  readonly received: ReceivedMessage[]
  /** Requests for the card. */
  cardReads: number
  readonly canceled: string[]
  close(): Promise<void>
}

function agentMessage(text: string, contextId: string, taskId: string): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  }
}

/**
 * An A2A agent hosted by the SDK alone (no adk-fluent code in it), on 127.0.0.1 and a free port: `reply` decides each
 * answer from the received text.
 */
export async function startSdkRemote(
  reply: (text: string, data: Record<string, unknown> | undefined) => RemoteReply,
  options: { streaming?: boolean; card?: (card: AgentCard) => unknown; legacyOnly?: boolean } = {},
): Promise<SdkRemote> {
  const received: ReceivedMessage[] = []
  const canceled: string[] = []
  let method: 'send' | 'stream' = 'send'
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const executor: AgentExecutor = {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      const { taskId, contextId, userMessage } = context
      const text = userMessage.parts
        .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
        .join('')
      const dataPart = userMessage.parts.find((part) => part.content?.$case === 'data')?.content
      const data = dataPart?.$case === 'data' ? (dataPart.value as Record<string, unknown>) : undefined
      const files = userMessage.parts.flatMap((part) =>
        part.content?.$case === 'raw' || part.content?.$case === 'url' ? [part.mediaType] : [],
      )
      received.push({ text, data, contextId, method, files })
      const answer = reply(text, data)
      if (answer.asMessage) {
        bus.publish(AgentEvent.message(agentMessage(answer.text ?? '', contextId, '')))
        bus.finished()
        return
      }
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() },
          artifacts: [],
          history: [userMessage],
          metadata: undefined,
        }),
      )
      if (answer.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, answer.delayMs)
          timers.add(timer)
        })
      }
      if (canceled.includes(taskId)) return
      const state = answer.state ?? TaskState.TASK_STATE_COMPLETED
      if (state === TaskState.TASK_STATE_COMPLETED) {
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId,
            contextId,
            artifact: {
              artifactId: 'answer',
              name: 'answer',
              description: '',
              parts: [
                {
                  content: { $case: 'text', value: answer.text ?? '' },
                  metadata: undefined,
                  filename: '',
                  mediaType: 'text/plain',
                },
                ...(answer.data
                  ? [
                      {
                        content: { $case: 'data' as const, value: answer.data },
                        metadata: undefined,
                        filename: '',
                        mediaType: 'application/json',
                      },
                    ]
                  : []),
              ],
              metadata: undefined,
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        )
      }
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: {
            state,
            message:
              state === TaskState.TASK_STATE_COMPLETED ? undefined : agentMessage(answer.text ?? '', contextId, taskId),
            timestamp: new Date().toISOString(),
          },
          metadata: undefined,
        }),
      )
      bus.finished()
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus) {
      canceled.push(taskId)
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId: '',
          status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() },
          metadata: undefined,
        }),
      )
      bus.finished()
    },
  }
  const app = express()
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const card: AgentCard = {
    name: 'sdk_remote',
    description: 'An agent hosted by @a2a-js/sdk alone.',
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: options.legacyOnly ? '0.3' : '1.0' },
    ],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: options.streaming ?? true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    signatures: [],
  }
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor)
  const remote: SdkRemote = {
    url,
    received,
    cardReads: 0,
    canceled,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  app.use((request, _response, next) => {
    if (request.path.endsWith('agent-card.json')) remote.cardReads++
    next()
  })
  // Endpoints a card can point at to make calls fail: an HTTP 500, and a JSON-RPC error envelope.
  app.post('/http-500', (_request, response) => {
    response.status(500).send('internal server error')
  })
  app.post('/rpc-error', express.json(), (request, response) => {
    response.json({
      jsonrpc: '2.0',
      id: request.body?.id ?? null,
      error: { code: -32603, message: 'the remote broke' },
    })
  })
  if (options.card) {
    const shown = options.card(card)
    app.get(`/${AGENT_CARD_PATH}`, (_request, response) => {
      response.json(shown)
    })
  } else
    app.use(
      `/${AGENT_CARD_PATH}`,
      agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: options.legacyOnly === true } }),
    )
  app.use(express.json(), (request, _response, next) => {
    const name = (request.body as { method?: string } | undefined)?.method ?? ''
    method = /stream/i.test(name) ? 'stream' : 'send'
    next()
  })
  app.use(
    '/',
    jsonRpcHandler({
      requestHandler: handler,
      userBuilder: UserBuilder.noAuthentication,
      legacyCompat: { enabled: options.legacyOnly === true },
    }),
  )
  return remote
}

/** `startSdkRemote` for one test file: every remote it starts is closed after each test. */
export function sdkRemotes(): (...args: Parameters<typeof startSdkRemote>) => Promise<SdkRemote> {
  const started: SdkRemote[] = []
  afterEach(async () => {
    for (const remote of started.splice(0)) await remote.close()
  })
  return async (...args) => {
    const remote = await startSdkRemote(...args)
    started.push(remote)
    return remote
  }
}
