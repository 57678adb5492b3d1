import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client'
import { Role, type Message, type Part, type SendMessageRequest, type StreamResponse } from '@a2a-js/sdk'
import { randomUUID } from 'node:crypto'

/** The SDK's own client for `baseUrl` (card read from the well-known path), 1.0 or, with `legacy`, 0.3. */
export async function sdkClient(baseUrl: string, options: { legacy?: boolean } = {}): Promise<Client> {
  const legacyCompat = { enabled: true }
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ legacyCompat })],
    }),
  )
  const client = await factory.createFromUrl(baseUrl)
  if (!options.legacy) return client
  // Same card, but its 0.3 interface first: the factory then makes the 0.3 transport (`message/send`, …).
  const card = await client.getAgentCard()
  const legacy = card.supportedInterfaces.filter((item) => item.protocolVersion === '0.3')
  return factory.createFromAgentCard({ ...card, supportedInterfaces: legacy })
}

export function textOf(parts: readonly Part[] | undefined): string {
  return (parts ?? []).flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : [])).join('')
}

export function userMessage(text: string, extra: { contextId?: string; parts?: Part[] } = {}): Message {
  return {
    messageId: randomUUID(),
    contextId: extra.contextId ?? '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' },
      ...(extra.parts ?? []),
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  }
}

export function sendRequest(message: Message): SendMessageRequest {
  return { tenant: '', message, configuration: undefined, metadata: undefined }
}

export async function collect(stream: AsyncGenerator<StreamResponse, void, undefined>): Promise<StreamResponse[]> {
  const all: StreamResponse[] = []
  for await (const item of stream) all.push(item)
  return all
}

/** A response body as raw JSON (the wire format the tests check field by field). */
// biome-ignore lint: the tests read arbitrary wire JSON.
export async function wireJson(response: Response | Promise<Response>): Promise<any> {
  return (await response).json()
}
