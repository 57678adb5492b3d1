import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { InvocationContext } from '../agents/invocation-context.js'
import { ReadonlyContext } from '../agents/readonly-context.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import type { Event } from '../events/event.js'
import { StateError } from '../errors/runtime-errors.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { injectSessionState } from './inject-session-state.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function contextWith(
  state: Record<string, unknown>,
  options: {
    artifacts?: Record<string, string>
    withArtifactService?: boolean
    tempState?: Record<string, unknown>
  } = {},
): Promise<ReadonlyContext> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'u', state })
  const artifactService = options.withArtifactService === false ? undefined : new InMemoryArtifactService()
  for (const [filename, text] of Object.entries(options.artifacts ?? {})) {
    await artifactService?.saveArtifact({
      appName: 'app',
      userId: 'u',
      sessionId: session.id,
      filename,
      artifact: { text },
    })
  }
  const invocationContext = new InvocationContext({
    invocationId: 'e-1',
    agent: new QuietAgent({ name: 'writer' }),
    session,
    sessionService,
    artifactService,
    ...(options.tempState ? { tempState: options.tempState } : {}),
  })
  return new ReadonlyContext(invocationContext)
}

describe('injectSessionState (spec 10.3)', () => {
  it('#19 substitutes state values', async () => {
    const context = await contextWith({ user_name: 'Foo', app_state: 'active' })
    expect(await injectSessionState('Hello {user_name}, you are in {app_state} state.', context)).toBe(
      'Hello Foo, you are in active state.',
    )
  })

  it('#20 the mixed ADK template, with our {{ }} escapes', async () => {
    const context = await contextWith({ customerId: '1234567890', customer_int: 30 })
    const template =
      "Use the echo_info tool to echo { customerId }, {{customer_int  }, {  non-identifier-float}}, {'key1': 'value1'} and {{'key2': 'value2'}}."
    expect(await injectSessionState(template, context)).toBe(
      "Use the echo_info tool to echo 1234567890, {customer_int  }, {  non-identifier-float}}, {'key1': 'value1'} and {'key2': 'value2'}.",
    )
  })

  it('#21 an optional missing key renders as empty', async () => {
    const context = await contextWith({})
    expect(await injectSessionState('Optional value: {optional_value?}', context)).toBe('Optional value: ')
    expect(await injectSessionState('Optional value: { optional_value? }!', context)).toBe('Optional value: !')
  })

  it('#22 a missing required key is an error naming the key, the agent and the keys that exist', async () => {
    const context = await contextWith({ present: 1, other: 'x' })
    const attempt = injectSessionState('Hello {missing_key}!', context)
    await expect(attempt).rejects.toThrow(StateError)
    await expect(attempt).rejects.toThrow('Context variable not found: `missing_key`.')
    await expect(attempt).rejects.toThrow('"writer"')
    await expect(attempt).rejects.toThrow('other, present')
  })

  it('a null value counts as missing', async () => {
    const context = await contextWith({ gone: null })
    await expect(injectSessionState('{gone}', context)).rejects.toThrow('Context variable not found: `gone`.')
    expect(await injectSessionState('[{gone?}]', context)).toBe('[]')
  })

  it('#23 invalid names are left as written', async () => {
    const context = await contextWith({ key: 'v' })
    expect(await injectSessionState('Hello {invalid-key}!', context)).toBe('Hello {invalid-key}!')
    expect(await injectSessionState('Hello {invalid:key}!', context)).toBe('Hello {invalid:key}!')
    expect(await injectSessionState('Hello {x:y:z}!', context)).toBe('Hello {x:y:z}!')
  })

  it('#24 app:, user: and temp: keys; other prefixes are not keys', async () => {
    const context = await contextWith({ 'app:user_name': 'Foo', 'user:key': 'U' }, { tempState: { 'temp:key': 'T' } })
    expect(await injectSessionState('Hello {app:user_name}!', context)).toBe('Hello Foo!')
    expect(await injectSessionState('{user:key} {temp:key}', context)).toBe('U T')
    expect(await injectSessionState('Hello {a:key}!', context)).toBe('Hello {a:key}!')
  })

  it('an inlineData artifact: text/plain and JSON decoded, binary described; {artifact.} is not found', async () => {
    const context = await contextWith({}, { artifacts: {} })
    const ctx = context.invocationContext
    const save = (filename: string, mimeType: string, text: string) =>
      ctx.artifactService?.saveArtifact({
        appName: ctx.appName,
        userId: ctx.userId,
        sessionId: ctx.session.id,
        filename,
        artifact: { inlineData: { mimeType, data: btoa(text) } },
      })
    await save('r.txt', 'text/plain', 'plain words')
    await save('d.json', 'application/json', '{"a":1}')
    await save('i.png', 'image/png', 'xyz')
    expect(await injectSessionState('[{artifact.r.txt}] [{artifact.d.json}]', context)).toBe('[plain words] [{"a":1}]')
    expect(await injectSessionState('{artifact.i.png}', context)).toBe('[artifact i.png: image/png, 3 bytes]')
    await expect(injectSessionState('{artifact.}', context)).rejects.toThrow("Artifact '' not found.")
  })

  it('#25 artifacts: text substituted; missing optional empty; missing required and no service are errors', async () => {
    const context = await contextWith({}, { artifacts: { my_file: 'This is my artifact content.' } })
    expect(await injectSessionState('The artifact content is: {artifact.my_file}', context)).toBe(
      'The artifact content is: This is my artifact content.',
    )
    expect(await injectSessionState('[{artifact.nothing?}]', context)).toBe('[]')
    await expect(injectSessionState('{artifact.nothing}', context)).rejects.toThrow('Artifact nothing not found.')
    const withoutService = await contextWith({}, { withArtifactService: false })
    await expect(injectSessionState('{artifact.my_file}', withoutService)).rejects.toThrow(
      'Artifact service is not initialized.',
    )
  })

  it('never expands a substituted value again', async () => {
    const context = await contextWith({ a: '{b}', b: 'secret', obj: { x: 1 }, n: 0, flag: false })
    expect(await injectSessionState('{a}', context)).toBe('{b}')
    expect(await injectSessionState('{obj} {n} {flag}', context)).toBe('{"x":1} 0 false')
  })

  it('returns a template without placeholders unchanged', async () => {
    const context = await contextWith({})
    expect(await injectSessionState('No braces here.', context)).toBe('No braces here.')
    expect(await injectSessionState('', context)).toBe('')
  })
})
