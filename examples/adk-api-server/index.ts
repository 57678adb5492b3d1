// An ADK client talking to an adk-fluent pipeline through startAdkApiServer: the requests a front-end written for
// `adk api_server` sends (create a session with initial state, POST /run_sse), unchanged.
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { startAdkApiServer } from '@adk-fluent/devtools'
import { answer, mockScript, triage } from './support.js'

/** Runs one conversation turn through the HTTP API and returns what a client printed. */
export async function main(print: (line: string) => void = console.log): Promise<void> {
  // Offline: the same pipeline on scripted models (the CLI does this from `mockScript` when no API key is set).
  const offline = triage
    .model(new ScriptedLlm(mockScript.triage))
    .then(answer.model(new ScriptedLlm(mockScript.answer)))
  const server = await startAdkApiServer({ apps: { support: offline }, port: 0 })
  try {
    print(`ADK API server at ${server.url}`)
    const apps = (await (await fetch(`${server.url}/list-apps`)).json()) as string[]
    print(`apps: ${apps.join(', ')}`)
    const session = (await (
      await fetch(`${server.url}/apps/support/users/ann/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state: { plan: 'pro' } }),
      })
    ).json()) as { id: string }
    const stream = await fetch(`${server.url}/run_sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        appName: 'support',
        userId: 'ann',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: 'I was charged twice this month.' }] },
        streaming: false,
      }),
    })
    for (const block of (await stream.text()).split('\n\n')) {
      if (!block.startsWith('data: ')) continue
      const event = JSON.parse(block.slice('data: '.length)) as {
        author: string
        content?: { parts?: { text?: string }[] }
        actions: { stateDelta: Record<string, unknown> }
      }
      const text = event.content?.parts?.map((part) => part.text ?? '').join('') ?? ''
      print(
        `[${event.author}] ${text}${Object.keys(event.actions.stateDelta).length > 0 ? `  state ${JSON.stringify(event.actions.stateDelta)}` : ''}`,
      )
    }
    const stored = (await (await fetch(`${server.url}/apps/support/users/ann/sessions/${session.id}`)).json()) as {
      state: Record<string, unknown>
      events: unknown[]
    }
    print(`session ${session.id}: ${stored.events.length} events, state ${JSON.stringify(stored.state)}`)
  } finally {
    await server.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
