import { describe, expect, it } from 'vitest'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { AgentTool } from '../tools/agent-tool.js'
import { ScriptedLlm, call, text } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { recordSpans } from './span-exporter.test-helper.js'

const exporter = recordSpans()

/** Each span as `name <- parent name`, depth first, children in start order. */
function tree(spans: readonly ReadableSpan[]): string[] {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]))
  const started = (a: ReadableSpan, b: ReadableSpan) =>
    a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]
  const children = (parent: ReadableSpan | undefined) =>
    spans.filter((span) => byId.get(span.parentSpanContext?.spanId ?? '') === parent).sort(started)
  const lines: string[] = []
  const visit = (span: ReadableSpan, parent: ReadableSpan | undefined) => {
    lines.push(`${span.name} <- ${parent?.name ?? '(root)'}`)
    for (const child of children(span)) visit(child, span)
  }
  for (const root of children(undefined)) visit(root, undefined)
  return lines
}

const usage = (response: ReturnType<typeof text>, input: number, output: number) => ({
  ...response,
  finishReason: 'STOP' as never,
  usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
})

const weather = () =>
  new FunctionTool({
    name: 'get_weather',
    description: 'Weather now.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => (city === 'Nowhere' ? Promise.reject(new Error('unknown city')) : { city, sky: 'sunny' }),
  })

describe('OpenTelemetry spans (GenAI semantic conventions)', () => {
  it('nests invoke_agent, chat and execute_tool spans as the run nests, with gen_ai attributes', async () => {
    const a = new LlmAgent({
      name: 'a',
      description: 'Finds the weather.',
      model: new ScriptedLlm(
        [usage(call('get_weather', { city: 'Paris' }, 'call-1'), 10, 2), usage(text('Sunny.'), 20, 3)],
        { model: 'gemini-test' },
      ),
      tools: [weather()],
    })
    const b = new LlmAgent({ name: 'b', model: new ScriptedLlm(['B'], { model: 'other-model' }) })
    const harness = await createHarness(new SequentialAgent({ name: 'root', subAgents: [a, b] }))
    await harness.run('weather?')
    const spans = exporter.getFinishedSpans()
    expect(tree(spans)).toEqual([
      'invoke_agent root <- (root)',
      'invoke_agent a <- invoke_agent root',
      'chat gemini-test <- invoke_agent a',
      'execute_tool get_weather <- invoke_agent a',
      'chat gemini-test <- invoke_agent a',
      'invoke_agent b <- invoke_agent root',
      'chat other-model <- invoke_agent b',
    ])
    const chat = spans.find((span) => span.name === 'chat gemini-test') as ReadableSpan
    expect(chat.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gemini-test',
      'gen_ai.provider.name': 'gcp.gemini',
      'gen_ai.agent.name': 'a',
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 2,
      'gen_ai.response.finish_reasons': ['stop'],
    })
    const tool = spans.find((span) => span.name === 'execute_tool get_weather') as ReadableSpan
    expect(tool.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.type': 'function',
      'gen_ai.agent.name': 'a',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.description': 'Weather now.',
    })
    const agentSpan = spans.find((span) => span.name === 'invoke_agent a') as ReadableSpan
    expect(agentSpan.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'a',
      'gen_ai.agent.description': 'Finds the weather.',
      'gen_ai.conversation.id': harness.sessionId,
    })
    // Without opting in, no content is recorded.
    expect(
      spans
        .flatMap((span) => Object.keys(span.attributes))
        .filter((key) => /messages|arguments|result|system_instructions/.test(key)),
    ).toEqual([])
  })

  it('records errors: a failing tool, a failing model call, an aborted run', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm([call('get_weather', { city: 'Nowhere' }), new Error('quota exceeded')]),
      tools: [weather()],
    })
    await (await createHarness(agent)).run('go')
    const spans = exporter.getFinishedSpans()
    const tool = spans.find((span) => span.name.startsWith('execute_tool')) as ReadableSpan
    expect([tool.status, tool.attributes['error.type']]).toEqual([
      { code: 2, message: "Error in tool 'get_weather': unknown city" },
      'tool_error',
    ])
    const failed = spans.filter((span) => span.name.startsWith('chat'))[1] as ReadableSpan
    expect([failed.status.code, failed.events.map((event) => event.name)]).toEqual([2, ['exception']])
    const agentSpan = spans.find((span) => span.name === 'invoke_agent a') as ReadableSpan
    expect([agentSpan.status.code, agentSpan.attributes['error.type']]).toEqual([2, 'UNKNOWN_ERROR'])

    exporter.reset()
    const slow = new LlmAgent({ name: 'slow', model: new ScriptedLlm(['late'], { delayMs: 60_000 }) })
    const controller = new AbortController()
    const run = (await createHarness(slow)).run('go', { abortSignal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(run).rejects.toThrow('aborted')
    const aborted = exporter.getFinishedSpans().find((span) => span.name === 'invoke_agent slow') as ReadableSpan
    expect([aborted.status.code, aborted.attributes['error.type']]).toEqual([2, 'ABORTED'])
  })

  it('records prompts, completions, tool arguments and results only when asked', async () => {
    const agent = new LlmAgent({
      name: 'a',
      instruction: 'Be brief.',
      model: new ScriptedLlm([call('get_weather', { city: 'Paris' }), 'Sunny.'], { model: 'm' }),
      tools: [weather()],
    })
    await (await createHarness(agent)).run('weather?', { runConfig: { tracing: { captureContent: true } } })
    const spans = exporter.getFinishedSpans()
    const [first] = spans.filter((span) => span.name === 'chat m') as [ReadableSpan]
    expect(JSON.parse(String(first.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'weather?' }] },
    ])
    expect(String(first.attributes['gen_ai.system_instructions'])).toContain('Be brief.')
    expect(JSON.parse(String(first.attributes['gen_ai.output.messages']))[0].parts[0]).toMatchObject({
      type: 'tool_call',
      name: 'get_weather',
    })
    const tool = spans.find((span) => span.name.startsWith('execute_tool')) as ReadableSpan
    expect([tool.attributes['gen_ai.tool.call.arguments'], tool.attributes['gen_ai.tool.call.result']]).toEqual([
      '{"city":"Paris"}',
      '{"city":"Paris","sky":"sunny"}',
    ])
  })

  it('nests parallel branches and agent-tool runs; tracing: { enabled: false } makes no span', async () => {
    const helper = new LlmAgent({ name: 'helper', model: new ScriptedLlm(['done']) })
    const root = new ParallelAgent({
      name: 'fan',
      subAgents: [
        new LlmAgent({
          name: 'x',
          model: new ScriptedLlm([call('helper', { request: 'q' }), 'X']),
          tools: [new AgentTool({ agent: helper })],
        }),
        new LlmAgent({ name: 'y', model: new ScriptedLlm(['Y']) }),
      ],
    })
    const harness = await createHarness(root)
    await harness.run('go')
    const lines = tree(exporter.getFinishedSpans())
    expect(lines).toContain('invoke_agent helper <- execute_tool helper')
    expect(lines).toContain('chat scripted <- invoke_agent helper')
    expect(lines).toContain('invoke_agent y <- invoke_agent fan')
    exporter.reset()
    await (
      await createHarness(new LlmAgent({ name: 'quiet', model: new ScriptedLlm(['ok']) }))
    ).run('go', { runConfig: { tracing: { enabled: false } } })
    expect(exporter.getFinishedSpans()).toEqual([])
  })
})
