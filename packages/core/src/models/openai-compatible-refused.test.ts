import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { ModelError } from '../errors/runtime-errors.js'
import { errorResponse } from '../flows/call-llm.js'
import { createLlmRequest } from './llm-request.js'
import { OpenAICompatible } from './openai-compatible.js'

function request() {
  const llmRequest = createLlmRequest('llama3.2')
  llmRequest.contents.push({ role: 'user', parts: [{ text: 'hi' }] })
  return llmRequest
}

/** A port on 127.0.0.1 that nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('an OpenAI-compatible server that is down', () => {
  it('is a ModelError naming the URL and the refusal, with the system code as errorCode', async () => {
    const port = await closedPort()
    const llm = new OpenAICompatible({
      model: 'llama3.2',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'sk-secret-1',
    })
    let thrown: unknown
    try {
      for await (const response of llm.generateContentAsync(request())) void response
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ModelError)
    const error = thrown as ModelError
    expect(error.message).toBe(
      `Model call to "llama3.2" failed: cannot reach http://127.0.0.1:${port}/v1/chat/completions (connection refused: is the server running?, ECONNREFUSED).`,
    )
    expect(error.errorCode).toBe('ECONNREFUSED')
    expect(errorResponse(error)).toEqual({ errorCode: 'ECONNREFUSED', errorMessage: error.message })
  })
})
