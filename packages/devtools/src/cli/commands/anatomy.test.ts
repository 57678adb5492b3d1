import { describe, expect, it } from 'vitest'
import type { CliIo } from '../cli-io.js'
import { runCli } from '../main.js'
import { fixture } from '../run-bin.test-helper.js'

const writerCritic = fixture('writer-critic.ts')

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text) => (stdout += text) },
    stderr: { write: (text) => (stderr += text) },
    env: {},
    cwd: process.cwd(),
  }
  const code = await runCli(args, io)
  return { code, stdout, stderr }
}

describe('adk-fluent anatomy (in process)', { timeout: 90_000 }, () => {
  it('shows one agent with --at, using the replies of a --replies file', async () => {
    const result = await cli([
      'anatomy',
      writerCritic,
      '--state',
      '{"topic":"cats"}',
      '--replies',
      fixture('writer-critic-replies.json'),
      '--at',
      'critic',
    ])
    expect(result.stderr).toBe('')
    expect(result.stdout.match(/^LLM Call Anatomy: .*$/gm)).toEqual(['LLM Call Anatomy: critic — call 2 of 2'])
    expect(result.stdout).toContain('                 [draft]: Cats sleep sixteen hours a day.')
    expect(result.stdout).toContain('  7. Reply:      [model] Clear and short.\n                 (from replies)')
  })

  it('prints the recorded requests as JSON with --json', async () => {
    const result = await cli(['anatomy', writerCritic, '--state', '{"topic":"cats"}', '--json'])
    const parsed = JSON.parse(result.stdout) as {
      total: number
      calls: {
        agent: string
        index: number
        round: null
        state: object
        request: { config: { systemInstruction: string }; tools: string[] }
      }[]
    }
    expect(parsed.total).toBe(2)
    expect(parsed.calls.map((call) => [call.index, call.agent, call.round])).toEqual([
      [1, 'writer', null],
      [2, 'critic', null],
    ])
    expect(parsed.calls[0]?.request.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "writer".\n\nWrite one sentence about cats.',
    )
    expect(parsed.calls[1]?.state).toEqual({ topic: 'cats', draft: "⟨writer's reply⟩" })
  })

  it('names the missing key, the agent and the keys in state; rejects a bad --replies file', async () => {
    const missing = await cli(['anatomy', writerCritic, '--message', 'Go'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(
      /^adk-fluent: failed: Context variable not found: `topic`\. Agent "writer" has \{topic\} in its instruction, but state has no "topic" \(keys in state: \(none\)\)/,
    )
    const notFound = await cli(['anatomy', writerCritic, '--replies', 'nope.json'])
    expect([notFound.code, notFound.stderr]).toEqual([2, 'adk-fluent: --replies file not found: nope.json\n'])
    const badReply = await cli([
      'anatomy',
      writerCritic,
      '--state',
      '{"topic":"cats"}',
      '--replies',
      fixture('classifier.ts'),
    ])
    expect(badReply.code).toBe(2)
    expect(badReply.stderr).toMatch(/^adk-fluent: --replies file .* is not valid JSON/)
  })

  it('stops with the agent, the call number and what was expected when replies run out', async () => {
    const result = await cli([
      'anatomy',
      writerCritic,
      '--state',
      '{"topic":"cats"}',
      '--replies',
      fixture('writer-critic-replies.json'),
      '--message',
      'Go',
    ])
    expect(result.code).toBe(0)
    const short = await cli([
      'anatomy',
      fixture('writer-critic.ts'),
      '--state',
      '{"topic":"cats"}',
      '--replies',
      fixture('empty-writer-replies.json'),
    ])
    expect(short.code).toBe(1)
    expect(short.stderr).toBe(
      'adk-fluent: invalid configuration: Preview replies for agent "writer" ran out: call 1 of "writer" was made, and replies["writer"] has 0 entries. Add a reply for call 1: a text reply, or a tool call such as call("tool", { ... }).\n',
    )
  })
})
