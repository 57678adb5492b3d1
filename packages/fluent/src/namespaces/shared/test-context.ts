import {
  BaseAgent,
  Context,
  InMemoryArtifactService,
  InMemorySessionService,
  InvocationContext,
  ReadonlyContext,
  createEvent,
  type Event,
  type Session,
} from '@adk-fluent/core'

/** An agent that does nothing: contexts need one to name. @internal */
class IdleAgent extends BaseAgent {
  protected override async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

/** One line of a conversation for {@link createTestContext}: `[author, text]`. @internal */
export type TestTurn = readonly [author: string, text: string]

/** What {@link createTestContext} returns: real core objects wired together. @internal */
export interface TestContext {
  readonly session: Session
  readonly sessionService: InMemorySessionService
  readonly artifactService: InMemoryArtifactService
  readonly invocationContext: InvocationContext
  readonly readonlyContext: ReadonlyContext
  readonly context: Context
}

/**
 * Builds a real core invocation (in-memory session and artifact services) for namespace tests; events are
 * appended through `sessionService.appendEvent`, as a run would.
 * @internal
 */
export async function createTestContext(
  options: {
    state?: Record<string, unknown>
    turns?: readonly TestTurn[]
    events?: readonly Event[]
    userText?: string
  } = {},
): Promise<TestContext> {
  const sessionService = new InMemorySessionService()
  const artifactService = new InMemoryArtifactService()
  const created = await sessionService.createSession({ appName: 'app', userId: 'u1', state: options.state ?? {} })
  for (const [author, text] of options.turns ?? []) {
    const role = author === 'user' ? 'user' : 'model'
    await sessionService.appendEvent({
      session: created,
      event: createEvent({ invocationId: 'e-0', author, content: { role, parts: [{ text }] } }),
    })
  }
  for (const event of options.events ?? []) await sessionService.appendEvent({ session: created, event })
  const session = (await sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: created.id })) ?? created
  const invocationContext = new InvocationContext({
    invocationId: 'e-1',
    agent: new IdleAgent({ name: 'writer' }),
    session,
    sessionService,
    artifactService,
    userContent: options.userText === undefined ? undefined : { role: 'user', parts: [{ text: options.userText }] },
  })
  return {
    session,
    sessionService,
    artifactService,
    invocationContext,
    readonlyContext: new ReadonlyContext(invocationContext),
    context: new Context({ invocationContext }),
  }
}
