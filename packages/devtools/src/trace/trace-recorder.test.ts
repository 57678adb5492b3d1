// The trace routes: one trace per invocation, spans nested as ADK nests them, and every model and tool event found
// by its id (adk-web's "event trace" panel).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FunctionTool, InMemorySessionService, LlmAgent, Runner, SequentialAgent } from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { TraceRecorder, type TraceSpan } from './trace-recorder.js'

let server: AdkApiServer

beforeAll(async () => {
  const lookup = new FunctionTool({
    name: 'lookup',
    description: 'Looks a word up.',
    parameters: z.object({ word: z.string() }),
    execute: async ({ word }) => ({ meaning: `${word} means tea` }),
  })
  const finder = new LlmAgent({
    name: 'finder',
    model: new ScriptedLlm([call('lookup', { word: 'cha' }, 'call-1'), text('found it')]),
    tools: [lookup],
  })
  const writer = new LlmAgent({ name: 'writer', model: new ScriptedLlm([text('Cha is tea.')]) })
  server = await startAdkApiServer({
    apps: { words: new SequentialAgent({ name: 'flow', subAgents: [finder, writer] }) },
    port: 0,
  })
})

afterAll(async () => {
  await server?.close()
})

const json = async (path: string, init?: RequestInit) =>
  (await fetch(server.url + path, init)).json() as Promise<unknown>

describe('the trace of a session', () => {
  it('has one trace per run: invocation > invoke_agent flow > invoke_agent finder|writer > call_llm | execute_tool', async () => {
    const { id } = (await json('/apps/words/users/u/sessions', { method: 'POST' })) as { id: string }
    const events = (await json('/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appName: 'words', userId: 'u', sessionId: id, newMessage: { parts: [{ text: 'cha?' }] } }),
    })) as { id: string; author: string; content: { parts: Record<string, unknown>[] } }[]
    const spans = (await json(`/debug/trace/session/${id}`)) as TraceSpan[]
    expect(new Set(spans.map((span) => span.trace_id)).size).toBe(1)
    expect(spans.every((span) => typeof span.end_time === 'number' && span.end_time >= span.start_time)).toBe(true)
    const byId = new Map(spans.map((span) => [span.span_id, span]))
    const path = (span: TraceSpan): string =>
      span.parent_span_id === null ? span.name : `${path(byId.get(span.parent_span_id) as TraceSpan)} > ${span.name}`
    expect(spans.map(path)).toEqual([
      'invocation',
      'invocation > invoke_agent flow',
      'invocation > invoke_agent flow > invoke_agent finder',
      'invocation > invoke_agent flow > invoke_agent finder > call_llm',
      'invocation > invoke_agent flow > invoke_agent finder > execute_tool lookup',
      'invocation > invoke_agent flow > invoke_agent finder > call_llm',
      'invocation > invoke_agent flow > invoke_agent writer',
      'invocation > invoke_agent flow > invoke_agent writer > call_llm',
    ])

    // Each model event and the tool's response event lead to the span that made them.
    expect(events.map((event) => event.author)).toEqual(['finder', 'finder', 'finder', 'writer'])
    const traced = await Promise.all(
      events.map((event) => json(`/dev/apps/words/debug/trace/${event.id}`) as Promise<Record<string, string>>),
    )
    expect(traced.map((attributes) => attributes['gcp.vertex.agent.event_id'])).toEqual(events.map((event) => event.id))
    expect(traced[1]).toMatchObject({
      'gen_ai.tool.name': 'lookup',
      'gcp.vertex.agent.tool_call_args': '{"word":"cha"}',
      'gcp.vertex.agent.tool_response': '{"meaning":"cha means tea"}',
    })
    expect(JSON.parse(traced[2]?.['gcp.vertex.agent.llm_request'] ?? '{}').contents).toHaveLength(3)
    expect(JSON.parse(traced[3]?.['gcp.vertex.agent.llm_response'] ?? '{}')).toMatchObject({
      content: { parts: [{ text: 'Cha is tea.' }] },
    })
    expect(await json('/debug/trace/no-such-event')).toEqual({ error: 'Trace not found' })
    expect(await json('/debug/trace/session/no-such-session')).toEqual([])
  })
})

describe('the recorder', () => {
  it('keeps the spans of the last 1000 sessions, dropping the oldest first', async () => {
    const recorder = new TraceRecorder()
    const start = (n: number) =>
      recorder.onUserMessageCallback({
        invocationContext: { invocationId: `i${n}`, session: { appName: 'a', userId: 'u', id: `s${n}` } } as never,
      })
    for (let n = 0; n <= 1000; n++) start(n)
    const owner = (sessionId: string) => ({ appName: 'a', userId: 'u', sessionId })
    expect(recorder.spansOf(owner('s0'))).toEqual([])
    expect(recorder.spansOf(owner('s1')).map((span) => span.name)).toEqual(['invocation'])
    expect(recorder.spansOf(owner('s1000')).map((span) => span.name)).toEqual(['invocation'])
  })
})

describe('following a run', () => {
  it("tells a follower each model call of that run as it starts and ends, numbered; other runs' calls stay out", async () => {
    const recorder = new TraceRecorder({ keptSessions: 0 })
    const agent = new LlmAgent({
      name: 'asker',
      // Runs after the recorder's own callback: the request it records is still the one the model received.
      beforeModelCallback: ({ request }) => {
        request.config.temperature = 0.25
        return undefined
      },
      model: new ScriptedLlm([call('lookup', { word: 'cha' }, 'c1'), text('Tea.'), text('Other run.')]),
      tools: [
        new FunctionTool({
          name: 'lookup',
          description: 'Looks up.',
          parameters: z.object({ word: z.string() }),
          execute: async () => ({ meaning: 'tea' }),
        }),
      ],
    })
    const sessionService = new InMemorySessionService()
    const runner = new Runner({ appName: 'a', agent, sessionService, plugins: [recorder] })
    const session = await sessionService.createSession({ appName: 'a', userId: 'u' })
    const seen: string[] = []
    const stop = recorder.follow('run-1', {
      started: ({ call: number, agent: name }) => seen.push(`start ${number} ${name}`),
      finished: (ended) =>
        seen.push(
          `end ${ended.call} ${ended.agent} ${JSON.parse(ended.request).contents.length} ${JSON.parse(ended.request).config.temperature} ${ended.responseJson ?? ''} ${ended.durationMs >= 0}`,
        ),
    })
    const run = async (invocationId: string, words: string) => {
      const events = runner.runAsync({
        invocationId,
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: words }] },
      })
      for await (const _ of events);
    }
    await run('run-1', 'cha?')
    stop()
    await run('run-2', 'again')
    expect(seen).toEqual([
      'start 1 asker',
      expect.stringMatching(/^end 1 asker 1 0\.25 \{.*"functionCall".*\} true$/),
      'start 2 asker',
      expect.stringMatching(/^end 2 asker 3 0\.25 \{.*"Tea\.".*\} true$/),
    ])
    // It keeps no spans: the dev UI keeps its trace in its run logs.
    expect(recorder.sessionTraces(session.id)).toEqual([])
  })
})
