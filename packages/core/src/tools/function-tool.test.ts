import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { AbortError } from '../errors/runtime-errors.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import type { ToolConfirmation } from '../events/event-actions.js'
import { createLlmRequest, getFunctionDeclarations } from '../models/llm-request.js'
import { isBaseTool } from './base-tool.js'
import { FunctionTool, LongRunningFunctionTool, confirmationHint, isFunctionTool } from './function-tool.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function toolContext(options: { state?: Record<string, unknown>; toolConfirmation?: ToolConfirmation } = {}) {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user', state: options.state ?? {} })
  const invocationContext = new InvocationContext({
    invocationId: 'e-1',
    agent: new QuietAgent({ name: 'agent' }),
    session,
    sessionService,
  })
  return new Context({ invocationContext, functionCallId: 'call-1', toolConfirmation: options.toolConfirmation })
}

const addParameters = z.object({ a: z.number(), b: z.number() })

describe('FunctionTool declaration', () => {
  it('builds the declaration from the zod parameters (spec 10.8 #77)', () => {
    const tool = new FunctionTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: addParameters,
      execute: ({ a, b }) => a + b,
    })
    expect(tool.getDeclaration()).toEqual({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: {
        type: 'OBJECT',
        properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } },
        required: ['a', 'b'],
      },
    })
  })

  it('uses execute.name when no name is given', () => {
    const tool = new FunctionTool({
      description: 'Adds.',
      parameters: addParameters,
      execute: function add({ a, b }) {
        return a + b
      },
    })
    expect(tool.name).toBe('add')
    expect(tool.getDeclaration().name).toBe('add')
  })

  it('rejects a tool without a name, including an anonymous execute that JavaScript names "execute"', () => {
    const message = 'Tool name cannot be empty. Either name the `execute` function or provide a `name`.'
    const anonymous = [() => 1][0] as () => number
    expect(anonymous.name).toBe('')
    expect(() => new FunctionTool({ description: 'x', execute: anonymous })).toThrow(ConfigError)
    expect(() => new FunctionTool({ description: 'x', execute: anonymous })).toThrow(message)
    expect(() => new FunctionTool({ description: 'x', execute: () => 1 })).toThrow(message)
    expect(() => new FunctionTool({ name: '', description: 'x', execute: function named() {} })).toThrow(message)
  })

  it('declares an empty object when there are no parameters', () => {
    const tool = new FunctionTool({ name: 'ping', description: 'Pings.', execute: () => 'pong' })
    expect(tool.getDeclaration()).toEqual({
      name: 'ping',
      description: 'Pings.',
      parameters: { type: 'OBJECT', properties: {} },
    })
  })

  it('uses a genai Schema as is', () => {
    const parameters = { type: 'OBJECT' as never, properties: { q: { type: 'STRING' as never } }, required: ['q'] }
    const tool = new FunctionTool({
      name: 'search',
      description: 'Searches.',
      parameters,
      execute: (args) => args['q'],
    })
    expect(tool.getDeclaration().parameters).toBe(parameters)
  })

  it('rejects zod parameters that are not an object, and types JSON cannot carry', () => {
    expect(() => new FunctionTool({ name: 'f', description: '', parameters: z.string(), execute: () => 1 })).toThrow(
      "Tool 'f': parameters must be a zod object schema (z.object({...})), got a schema of type STRING.",
    )
    expect(
      () => new FunctionTool({ name: 'f', description: '', parameters: z.object({ d: z.date() }), execute: () => 1 }),
    ).toThrow(/^f\.parameters: Tool 'f': Cannot turn the zod schema into a function schema: Date cannot be represented/)
  })

  it('appends the long-running note to the declared description only', () => {
    const note =
      'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some intermediate or pending status.'
    const tool = new LongRunningFunctionTool({
      name: 'job',
      description: 'Starts a job.',
      execute: () => ({ status: 'pending' }),
    })
    expect(tool.isLongRunning).toBe(true)
    expect(tool.description).toBe('Starts a job.')
    expect(tool.getDeclaration().description).toBe(`Starts a job.\n\n${note}`)
    const bare = new FunctionTool({ name: 'job', description: '', isLongRunning: true, execute: () => undefined })
    expect(bare.getDeclaration().description).toBe(note)
  })

  it('is recognised by brand and adds itself to a request', async () => {
    const tool = new FunctionTool({
      name: 'add',
      description: 'Adds.',
      parameters: addParameters,
      execute: ({ a, b }) => a + b,
    })
    expect(isFunctionTool(tool)).toBe(true)
    expect(isBaseTool(tool)).toBe(true)
    expect(isFunctionTool({ name: 'add' })).toBe(false)
    const request = createLlmRequest()
    await tool.processLlmRequest({ toolContext: await toolContext(), llmRequest: request })
    expect(request.toolsDict['add']).toBe(tool)
    expect(getFunctionDeclarations(request)).toEqual([tool.getDeclaration()])
  })
})

describe('FunctionTool.runAsync', () => {
  it('runs execute with the validated arguments and the context', async () => {
    const context = await toolContext()
    const execute = vi.fn(({ a, b }: { a: number; b: number }) => a + b)
    const tool = new FunctionTool({ name: 'add', description: 'Adds.', parameters: addParameters, execute })
    expect(await tool.runAsync({ args: { a: 1, b: 2 }, toolContext: context })).toBe(3)
    expect(execute).toHaveBeenCalledWith({ a: 1, b: 2 }, context)
  })

  it('applies zod defaults and leaves optional fields out (spec 10.8 #77)', async () => {
    const context = await toolContext()
    const withDefault = new FunctionTool({
      name: 'add',
      description: 'Adds.',
      parameters: z.object({ a: z.number(), b: z.number().default(2) }),
      execute: (args) => args,
    })
    expect(await withDefault.runAsync({ args: { a: 1 }, toolContext: context })).toEqual({ a: 1, b: 2 })
    const withOptional = new FunctionTool({
      name: 'add',
      description: 'Adds.',
      parameters: z.object({ a: z.number(), b: z.number().optional() }),
      execute: ({ a, b }) => a + (b ?? 0),
    })
    expect(await withOptional.runAsync({ args: { a: 1 }, toolContext: context })).toBe(1)
  })

  it('answers invalid arguments with an error the model can act on, without executing', async () => {
    const execute = vi.fn(() => 0)
    const tool = new FunctionTool({
      name: 'book',
      description: 'Books.',
      parameters: z.object({ city: z.string(), guests: z.array(z.object({ age: z.number() })) }),
      execute,
    })
    const result = await tool.runAsync({
      args: { city: 3, guests: [{ age: 'ten' }] },
      toolContext: await toolContext(),
    })
    expect(result).toEqual({
      error:
        "Invalid arguments for tool 'book': city: Invalid input: expected string, received number; guests[0].age: Invalid input: expected number, received string. Call the tool again with arguments that match its parameter schema.",
    })
    expect(execute).not.toHaveBeenCalled()
  })

  it('reports missing required arguments by name', async () => {
    const tool = new FunctionTool({
      name: 'add',
      description: 'Adds.',
      parameters: addParameters,
      execute: ({ a, b }) => a + b,
    })
    const result = (await tool.runAsync({ args: { a: 1 }, toolContext: await toolContext() })) as { error: string }
    expect(result.error).toMatch(
      /^Invalid arguments for tool 'add': b: Invalid input: expected number, received undefined\./,
    )
  })

  it('runs async refinements', async () => {
    const tool = new FunctionTool({
      name: 'check',
      description: 'Checks.',
      parameters: z.object({ code: z.string().refine(async (value) => value === 'ok', 'unknown code') }),
      execute: () => 'accepted',
    })
    expect(await tool.runAsync({ args: { code: 'ok' }, toolContext: await toolContext() })).toBe('accepted')
    expect(await tool.runAsync({ args: { code: 'no' }, toolContext: await toolContext() })).toEqual({
      error:
        "Invalid arguments for tool 'check': code: unknown code. Call the tool again with arguments that match its parameter schema.",
    })
  })

  it('passes arguments unvalidated with a genai Schema', async () => {
    const tool = new FunctionTool({
      name: 'echo',
      description: 'Echoes.',
      parameters: { type: 'OBJECT' as never, properties: {} },
      execute: (args) => args,
    })
    expect(await tool.runAsync({ args: { anything: 1 }, toolContext: await toolContext() })).toEqual({ anything: 1 })
  })

  it('returns what execute returns, unnormalised (the flow normalises)', async () => {
    const context = await toolContext()
    const values: unknown[] = [2, { a: 1 }, undefined, null, [1, 2], 'text']
    for (const value of values) {
      const tool = new FunctionTool({ name: 'f', description: '', execute: async () => value })
      expect(await tool.runAsync({ args: {}, toolContext: context })).toBe(value)
    }
  })

  it('rethrows errors as "Error in tool" with the cause (spec 10.8 #70)', async () => {
    const cause = new Error('tool error message content')
    const tool = new FunctionTool({
      name: 'errorTool',
      description: '',
      execute: () => {
        throw cause
      },
    })
    const failure = await tool.runAsync({ args: {}, toolContext: await toolContext() }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe("Error in tool 'errorTool': tool error message content")
    expect((failure as Error).cause).toBe(cause)
    const rejecting = new FunctionTool({
      name: 'rejecting',
      description: '',
      execute: () => Promise.reject('plain reason'),
    })
    await expect(rejecting.runAsync({ args: {}, toolContext: await toolContext() })).rejects.toThrow(
      "Error in tool 'rejecting': plain reason",
    )
  })

  it('lets an abort pass through unwrapped', async () => {
    const abort = new AbortError()
    const tool = new FunctionTool({
      name: 'slow',
      description: '',
      execute: () => {
        throw abort
      },
    })
    await expect(tool.runAsync({ args: {}, toolContext: await toolContext() })).rejects.toBe(abort)
  })

  it('writes state and actions through the context', async () => {
    const context = await toolContext({ state: { count: 1 } })
    const tool = new FunctionTool({
      name: 'bump',
      description: '',
      execute: (_args, toolContextArgument) => {
        toolContextArgument.state.set('count', Number(toolContextArgument.state.get('count')) + 1)
        toolContextArgument.actions.skipSummarization = true
        return toolContextArgument.functionCallId
      },
    })
    expect(await tool.runAsync({ args: {}, toolContext: context })).toBe('call-1')
    expect(context.actions.stateDelta).toEqual({ count: 2 })
    expect(context.actions.skipSummarization).toBe(true)
  })
})

describe('FunctionTool confirmation (spec 8.6)', () => {
  function deleteTool(requireConfirmation: boolean | ((args: { id: string }) => boolean | Promise<boolean>)) {
    const execute = vi.fn(({ id }: { id: string }) => `deleted ${id}`)
    const tool = new FunctionTool({
      name: 'delete_file',
      description: 'Deletes a file.',
      parameters: z.object({ id: z.string() }),
      execute,
      requireConfirmation,
    })
    return { tool, execute }
  }

  it('runs normally when confirmation is not required', async () => {
    const { tool, execute } = deleteTool(false)
    const context = await toolContext()
    expect(await tool.runAsync({ args: { id: 'a' }, toolContext: context })).toBe('deleted a')
    expect(execute).toHaveBeenCalledOnce()
    expect(context.actions.requestedToolConfirmations).toEqual({})
  })

  it('requests confirmation and does not run when none was given', async () => {
    const { tool, execute } = deleteTool(true)
    const context = await toolContext()
    expect(await tool.runAsync({ args: { id: 'a' }, toolContext: context })).toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    })
    expect(execute).not.toHaveBeenCalled()
    expect(context.actions.skipSummarization).toBe(true)
    expect(context.actions.requestedToolConfirmations).toEqual({
      'call-1': {
        hint: 'Please approve or reject the tool call delete_file() by responding with a FunctionResponse with an expected ToolConfirmation payload.',
        confirmed: false,
      },
    })
    expect(confirmationHint('delete_file')).toBe(context.actions.requestedToolConfirmations['call-1']?.hint)
  })

  it('answers a rejected call without running', async () => {
    const { tool, execute } = deleteTool(true)
    const context = await toolContext({ toolConfirmation: { hint: '', confirmed: false } })
    expect(await tool.runAsync({ args: { id: 'a' }, toolContext: context })).toEqual({
      error: 'This tool call is rejected.',
    })
    expect(execute).not.toHaveBeenCalled()
    expect(context.actions.requestedToolConfirmations).toEqual({})
  })

  it('runs a confirmed call, which can read the payload', async () => {
    const tool = new FunctionTool({
      name: 'transfer_money',
      description: '',
      requireConfirmation: true,
      execute: (_args, context) => context.toolConfirmation?.payload,
    })
    const context = await toolContext({ toolConfirmation: { hint: '', confirmed: true, payload: { limit: 5 } } })
    expect(await tool.runAsync({ args: {}, toolContext: context })).toEqual({ limit: 5 })
  })

  it('asks a confirmation function with the validated arguments', async () => {
    const decide = vi.fn(async ({ id }: { id: string }) => id.startsWith('important'))
    const { tool, execute } = deleteTool(decide)
    expect(await tool.runAsync({ args: { id: 'scratch' }, toolContext: await toolContext() })).toBe('deleted scratch')
    const result = await tool.runAsync({ args: { id: 'important.txt' }, toolContext: await toolContext() })
    expect(result).toEqual({ error: 'This tool call requires confirmation, please approve or reject.' })
    expect(decide).toHaveBeenCalledTimes(2)
    expect(execute).toHaveBeenCalledOnce()
  })

  it('validates arguments before asking for confirmation', async () => {
    const decide = vi.fn(() => true)
    const { tool } = deleteTool(decide)
    const result = (await tool.runAsync({ args: {}, toolContext: await toolContext() })) as { error: string }
    expect(result.error).toMatch(/^Invalid arguments for tool 'delete_file': id:/)
    expect(decide).not.toHaveBeenCalled()
  })
})
