import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { ConfigError, type Event, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import * as T from './index.js'
import { toTools } from './compose-tools.js'
// @ts-expect-error -- a plain ESM fixture without types
import { createCalcServer } from './fixtures/mcp-calc-server.mjs'

const calcServer = fileURLToPath(new URL('./fixtures/mcp-calc-server.mjs', import.meta.url))
const stdio = { command: process.execPath, args: [calcServer] }

function responses(events: readonly Event[]): unknown[] {
  return events.flatMap((event) =>
    (event.content?.parts ?? []).flatMap((part) => (part.functionResponse ? [part.functionResponse.response] : [])),
  )
}

function declarations(request: LlmRequest | undefined): string[] {
  return ((request?.config.tools ?? []) as { functionDeclarations?: { name?: string }[] }[]).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((item) => item.name ?? ''),
  )
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('Gemini built-in tools', () => {
  it("the design's T composition: googleSearch + a function + an agent, as the right tools entries", async () => {
    function myFunc({ city }: { city: string }) {
      return { city, sky: 'clear' }
    }
    const specialist = Agent('specialist').describe('Knows everything.').mock(['42'])
    const llm = new ScriptedLlm(['Answer.'], { model: 'gemini-2.5-flash' })
    const agent = Agent('researcher')
      .model(llm)
      .tools(
        T.googleSearch()
          .add(T.fn(myFunc, { parameters: z.object({ city: z.string() }) }))
          .add(T.agent(specialist)),
      )
    await runBuilder(agent)
    const tools = llm.requests[0]?.config.tools
    expect(tools).toContainEqual({ googleSearch: {} })
    expect(declarations(llm.requests[0])).toEqual(['myFunc', 'specialist'])
  })

  it('codeExecution and urlContext; a model that is not Gemini is a ConfigError naming the agent', async () => {
    const llm = new ScriptedLlm(['Ok.'], { model: 'gemini-2.5-pro' })
    await runBuilder(Agent('analyst').model(llm).tools(T.codeExecution().add(T.urlContext())))
    expect(llm.requests[0]?.config.tools).toEqual([{ codeExecution: {} }, { urlContext: {} }])
    const other = Agent('analyst')
      .model(new ScriptedLlm(['x'], { model: 'gpt-4o' }))
      .tools(T.googleSearch())
    await expect(runBuilder(other)).rejects.toSatisfy(
      (error: unknown) =>
        ConfigError.isConfigError(error) &&
        (error as Error).message.includes('agent "analyst" uses the model "gpt-4o", which cannot run it'),
    )
  })
})

describe('T.mcp over stdio', () => {
  it('lists the tools once per run, declares their schemas, calls them, and closes the server when the run ends', async () => {
    const llm = new ScriptedLlm([call('add', { a: 2, b: 3 }), call('divide', { a: 1, b: 0 }), call('pid', {}), 'Done.'])
    const agent = Agent('math')
      .model(llm)
      .tools(T.mcp(stdio, { name: 'calc' }))
    const { events } = await runBuilder(agent)
    expect(declarations(llm.requests[0])).toEqual(['add', 'divide', 'pid', 'die'])
    const add = (
      (llm.requests[0]?.config.tools ?? []) as { functionDeclarations?: { name?: string; parameters?: unknown }[] }[]
    )[0]?.functionDeclarations?.[0]
    expect(add?.parameters).toMatchObject({
      type: 'OBJECT',
      properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } },
      required: ['a', 'b'],
    })
    const [sum, divided, pid] = responses(events) as [unknown, unknown, { result: string }]
    expect(sum).toEqual({ result: '5' })
    expect(divided).toEqual({ error: 'division by zero' })
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Done.')
    const serverPid = Number(pid.result)
    for (let tries = 0; tries < 100 && alive(serverPid); tries++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(alive(serverPid)).toBe(false)
  }, 30_000)

  it('a server that cannot start is an error event naming it', async () => {
    const llm = new ScriptedLlm(['never'])
    const agent = Agent('math')
      .model(llm)
      .tools(T.mcp({ command: process.execPath, args: ['/nonexistent/server.mjs'] }, { name: 'broken' }))
    const { events } = await runBuilder(agent)
    expect(llm.requests).toHaveLength(0)
    expect(events.at(-1)?.errorCode).toBe('MCP_SERVER_FAILED')
    expect(events.at(-1)?.errorMessage).toContain('MCP server "broken" could not start')
  }, 30_000)

  it('a server that dies mid-run: the call answers { error }, then an error event names it; the session stays usable', async () => {
    const llm = new ScriptedLlm([call('die', {}), call('add', { a: 1, b: 1 }), 'never'])
    const agent = Agent('math')
      .model(llm)
      .tools(T.mcp(stdio, { name: 'calc', tools: ['die', 'add'] }))
    const { events, runner } = await runBuilder(agent)
    expect(declarations(llm.requests[0])).toEqual(['add', 'die'])
    const last = events.at(-1)
    expect(last?.errorCode).toBe('MCP_SERVER_FAILED')
    expect(last?.errorMessage).toContain('MCP server "calc"')
    const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's1' })
    expect(session?.events.length).toBeGreaterThan(0)
  }, 30_000)

  it('bad parameters fail at the call', () => {
    expect(() => T.mcp({} as never)).toThrow('T.mcp(): expected { command, args? } or { url }')
    expect(() => T.mcp({ url: 'not a url' })).toThrow('T.mcp().url')
    expect(() => T.mcp({ command: 'node', args: 'x' as never })).toThrow('T.mcp().args')
  })
})

describe('T.mcp over streamable HTTP', () => {
  let server: Server
  let url = ''
  let listCalls = 0

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let text = ''
      for await (const chunk of request) text += chunk
      const body: unknown = text ? JSON.parse(text) : undefined
      if ((body as { method?: string } | undefined)?.method === 'tools/list') listCalls++
      // Stateless mode: no session ids (the SDK's option takes an explicit undefined).
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
      } as unknown as ConstructorParameters<typeof StreamableHTTPServerTransport>[0])
      const mcp = createCalcServer()
      response.on('close', () => void transport.close().then(() => mcp.close()))
      await mcp.connect(transport)
      await transport.handleRequest(request, response, body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('fetches the tool list once per run and calls tools over HTTP', async () => {
    const llm = new ScriptedLlm([call('calc_add', { a: 20, b: 22 }), call('calc_add', { a: 1, b: 2 }), 'Forty-two.'])
    const agent = Agent('math')
      .model(llm)
      .tools(T.mcp({ url }, { prefix: 'calc_', tools: ['add'] }))
    const { events } = await runBuilder(agent)
    expect(declarations(llm.requests[0])).toEqual(['calc_add'])
    expect(responses(events)).toEqual([{ result: '42' }, { result: '3' }])
    expect(llm.requests).toHaveLength(3)
    expect(listCalls).toBe(1)
  }, 30_000)
})

describe('T.openapi', () => {
  let server: Server
  let baseUrl = ''
  const seen: string[] = []

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let text = ''
      for await (const chunk of request) text += chunk
      seen.push(`${request.method} ${request.url} ${request.headers['x-api-key'] ?? ''} ${text}`)
      response.setHeader('content-type', 'application/json')
      if (request.url?.startsWith('/pets/404')) {
        response.statusCode = 404
        response.end(JSON.stringify({ message: 'no such pet' }))
        return
      }
      if (request.method === 'GET')
        response.end(JSON.stringify({ id: Number(request.url?.split('/')[2]?.split('?')[0]), name: 'Rex' }))
      else response.end(JSON.stringify({ created: JSON.parse(text) }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const document = {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://example.invalid' }],
    paths: {
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          summary: 'One pet.',
          parameters: [
            { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
          ],
        },
      },
      '/pets': {
        post: {
          operationId: 'createPet',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
  }

  it('makes one tool per operation, declared from parameters and body, calling the API over HTTP', async () => {
    const llm = new ScriptedLlm([
      call('getPet', { petId: 7, verbose: true }),
      call('createPet', { body: { name: 'Kit' } }),
      call('getPet', { petId: 404 }),
      'Ok.',
    ])
    const agent = Agent('vet')
      .model(llm)
      .tools(T.openapi(document, { baseUrl, headers: { 'x-api-key': 'k1' } }))
    const { events } = await runBuilder(agent)
    expect(declarations(llm.requests[0])).toEqual(['getPet', 'createPet'])
    const getPet = ((llm.requests[0]?.config.tools ?? []) as { functionDeclarations?: { parameters?: unknown }[] }[])[0]
      ?.functionDeclarations?.[0]
    expect(getPet?.parameters).toMatchObject({
      type: 'OBJECT',
      properties: { petId: { type: 'INTEGER' }, verbose: { type: 'BOOLEAN' } },
      required: ['petId'],
    })
    expect(responses(events)).toEqual([
      { id: 7, name: 'Rex' },
      { created: { name: 'Kit' } },
      { error: 'HTTP 404 from GET /pets/{petId}', status: 404, body: { message: 'no such pet' } },
    ])
    expect(seen[0]).toBe('GET /pets/7?verbose=true k1 ')
    expect(seen[1]).toBe('POST /pets k1 {"name":"Kit"}')
  })

  it('rejects a document that is not OpenAPI 3 or has no base URL', () => {
    expect(() => T.openapi({ swagger: '2.0' })).toThrow('T.openapi().document')
    expect(() => T.openapi({ ...document, servers: [] })).toThrow('T.openapi().baseUrl')
  })
})

describe('T wrappers', () => {
  it('cache answers equal arguments from the cache; transform rewrites arguments and results; effectful runs an effect once', async () => {
    let calls = 0
    function rate({ pair }: { pair: string }) {
      calls++
      return { pair, rate: 1.1 }
    }
    const sent: string[] = []
    function send({ id }: { id: string }) {
      sent.push(id)
      return { sent: id }
    }
    const llm = new ScriptedLlm([
      call('rate', { pair: 'EURUSD' }),
      call('rate', { pair: 'EURUSD' }),
      call('send', { id: 'A' }),
      call('send', { id: 'A' }),
      'Done.',
    ])
    const agent = Agent('bank')
      .model(llm)
      .tools(
        T.cache(
          T.transform(T.fn(rate, { parameters: z.object({ pair: z.string() }) }), {
            post: (result) => ({ wrapped: result }),
          }),
          { ttlMs: 60_000 },
        ).add(
          T.effectful(T.fn(send, { parameters: z.object({ id: z.string() }) }), { key: (args) => String(args['id']) }),
        ),
      )
    const { events, state } = await runBuilder(agent)
    expect(calls).toBe(1)
    expect(sent).toEqual(['A'])
    expect(responses(events)).toEqual([
      { wrapped: { pair: 'EURUSD', rate: 1.1 } },
      { wrapped: { pair: 'EURUSD', rate: 1.1 } },
      { sent: 'A' },
      { sent: 'A' },
    ])
    expect(state['_effects_send']).toEqual({ A: { sent: 'A' } })
    expect(() => T.cache(T.mock('rate', { returns: 1 }), { ttlMs: 0 })).toThrow('T.cache().ttlMs')
    expect(() => T.transform(T.mock('rate', { returns: 1 }), {})).toThrow('neither pre nor post')
  })

  it('toolset resolves its tools per run', async () => {
    const llm = new ScriptedLlm([call('dyn', {}), 'Ok.'])
    const dyn = T.mock('dyn', { returns: { ok: 1 } })
    const agent = Agent('a')
      .model(llm)
      .tools(T.toolset({ name: 'registry', getTools: async () => toTools(dyn) }))
    const { events } = await runBuilder(agent)
    expect(responses(events)).toEqual([{ ok: 1 }])
    expect(() => T.toolset({} as never)).toThrow('T.toolset()')
  })
})
