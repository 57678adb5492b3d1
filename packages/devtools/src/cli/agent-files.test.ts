import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadAgentConfig, Skill } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { runCli } from './main.js'
import { fixture, runBin } from './run-bin.test-helper.js'
import { a2aCommand } from './commands/a2a.js'
import { apiServerCommand, appNameOf } from './commands/api-server.js'
import { webCommand } from './commands/web.js'

const review = fixture('agent-files/review')
const reviewConfig = fixture('agent-files/review/root_agent.yaml')
const replies = fixture('agent-files/review-replies.json')
const brief = fixture('agent-files/brief')

async function cli(args: readonly string[], env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text) => (stdout += text) },
    stderr: { write: (text) => (stderr += text) },
    env,
    cwd: process.cwd(),
  }
  const code = await runCli(args, io)
  return { code, stdout, stderr }
}

describe(
  'every command takes an ADK agent config (.yaml or its folder) and a skill (SKILL.md or its folder)',
  { timeout: 60_000 },
  () => {
    it('explain, graph and check show the loaded builder', async () => {
      const loaded = loadAgentConfig(reviewConfig)
      for (const file of [review, reviewConfig]) {
        expect(await cli(['explain', file])).toEqual({ code: 0, stdout: `${loaded.explain()}\n`, stderr: '' })
      }
      const skill = Skill(brief)
      expect(await cli(['graph', fixture('agent-files/brief/SKILL.md'), '--format', 'mermaid'])).toEqual({
        code: 0,
        stdout: `${skill.toMermaid()}\n`,
        stderr: '',
      })
      const check = await cli(['check', brief])
      expect(check.code).toBe(0)
      expect(check.stdout).toContain('[INFO] pros: state key "topic" is read by "pros" ({topic?} in the instruction)')
    })

    it('explain, graph and check show a skill whose tools are not injected (stand-ins, said on stderr); commands that call tools stop with exit code 2', async () => {
      const file = fixture('agent-files/search-brief/SKILL.md')
      const note = `adk-fluent: ${file}: "search" is not injected into skill "search-brief" (a SKILL.md cannot hold tools), shown as a stand-in. To run it, inject them in a module: export const skill = Skill(path).inject({ "search": myTool })\n`
      const graph = await cli(['graph', file])
      expect(graph).toMatchObject({ code: 0, stderr: note })
      expect(graph.stdout).toMatch(/searcher[\s\S]*writer/)
      const explain = await cli(['explain', file])
      expect(explain).toMatchObject({ code: 0, stderr: note })
      expect(explain.stdout).toContain('search')
      expect(explain.stdout).toContain('google_search')
      expect(await cli(['check', file])).toMatchObject({ code: 0, stderr: note })
      for (const args of [
        ['run', file, 'Tides', '--replies', replies],
        ['anatomy', file],
      ]) {
        const refused = await cli(args)
        expect(refused.code, args.join(' ')).toBe(2)
        expect(refused.stderr).toContain('agent "searcher" uses tool "search", which is not injected.')
        expect(refused.stderr).not.toContain('invalid configuration')
      }
    })

    it('anatomy previews a config with per-agent --replies', async () => {
      const result = await cli([
        'anatomy',
        review,
        '--replies',
        replies,
        '--at',
        'critic',
        '--state',
        '{"topic":"cats"}',
      ])
      expect(result.stderr).toBe('')
      expect(result.stdout).toContain('LLM Call Anatomy: critic — call 2 of 2')
      expect(result.stdout).toContain(
        'Review this draft in three words:\n                 Cats sleep sixteen hours a day.',
      )
    })

    it('run uses --replies offline, even when Gemini credentials are set; without them it says how to run offline', async () => {
      for (const env of [{}, { GOOGLE_API_KEY: 'not-a-real-key' }]) {
        const result = await cli(['run', review, 'Write about cats.', '--replies', replies], env)
        expect(result).toEqual({
          code: 0,
          stdout: '[writer] Cats sleep sixteen hours a day.\n[critic] Clear and short.\n',
          stderr: '',
        })
      }
      const offline = await cli(['run', review, 'Write about cats.'])
      expect(offline.code).toBe(2)
      expect(offline.stderr).toContain('(or pass --replies replies.json) to run offline.')
    })

    it('eval runs an ADK eval set against a config offline with --replies', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-file-eval-'))
      const turn = (text: string, final: string) => ({
        user_content: { parts: [{ text }] },
        final_response: { parts: [{ text: final }] },
      })
      writeFileSync(
        join(dir, 'review.evalset.json'),
        JSON.stringify({
          eval_set_id: 'review',
          eval_cases: [{ eval_id: 'cats', conversation: [turn('Write about cats.', 'Clear and short.')] }],
        }),
      )
      let stdout = ''
      const io: CliIo = {
        stdout: { write: (text) => (stdout += text) },
        stderr: { write: () => true },
        env: {},
        cwd: dir,
      }
      expect(await runCli(['eval', review, 'review.evalset.json', '--replies', replies], io)).toBe(0)
      expect(stdout).toContain('review:\n  Tests passed: 1\n  Tests failed: 0\n')
    })

    it('a bad file stops with its file, line and field (exit code 2)', async () => {
      const result = await cli(['explain', fixture('agent-files/broken.yaml')])
      expect(result.code).toBe(2)
      const file = fixture('agent-files/broken.yaml')
      expect(result.stderr).toBe(
        [
          'adk-fluent: 2 problems in agent files:',
          `1. ${file}:2:1: instructions: field "instructions" is not part of an LlmAgent config. Did you mean "instruction"?`,
          `2. ${file}:1:1: instruction: the required field "instruction" is missing. Add instruction: <text>.`,
          '',
        ].join('\n'),
      )
    })

    it('web serves an agent config and chats offline on --replies', async () => {
      let out = ''
      const io: CliIo = {
        stdout: { write: (text) => (out += text) },
        stderr: { write: () => true },
        env: {},
        cwd: process.cwd(),
      }
      let stop: () => void = () => undefined
      const stopped = new Promise<void>((resolve) => (stop = resolve))
      const exit = webCommand.execute(
        {
          name: 'web',
          file: review,
          exportName: undefined,
          port: 0,
          sessions: 'memory:',
          session: 'first',
          memory: undefined,
          replies,
        },
        { ...io, stopped },
      )
      await expect
        .poll(() => out, { timeout: 15_000 })
        .toMatch(/^adk-fluent web: review at http:\/\/127\.0\.0\.1:\d+\/\n/)
      expect(out).toContain(`models: offline, the replies of ${replies} (every turn replays them from the first);`)
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1] as string
      const run = (await (
        await fetch(new URL('/api/sessions/first/runs', url), { method: 'POST', body: '{"text":"Write about cats."}' })
      ).json()) as { runId: string }
      const stream = await (await fetch(new URL(`/api/runs/${run.runId}/stream`, url))).text()
      expect(stream).toContain('Cats sleep sixteen hours a day.')
      expect(stream).toContain('Clear and short.')
      stop()
      expect(await exit).toBe(0)
    })

    it('api-server serves a config as the app named after its folder, offline on --replies', async () => {
      let out = ''
      const io: CliIo = {
        stdout: { write: (text) => (out += text) },
        stderr: { write: () => true },
        env: { GOOGLE_API_KEY: 'not-a-real-key' },
        cwd: process.cwd(),
      }
      let stop: () => void = () => undefined
      const stopped = new Promise<void>((resolve) => (stop = resolve))
      const exit = apiServerCommand.execute(
        {
          name: 'api-server',
          file: reviewConfig,
          exportName: undefined,
          port: 0,
          sessions: undefined,
          adkWeb: false,
          replies,
        },
        { ...io, stopped },
      )
      await expect.poll(() => out, { timeout: 15_000 }).toMatch(/at http/)
      const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] as string
      expect(await (await fetch(`${url}/list-apps`)).json()).toEqual(['review'])
      expect([appNameOf(review), appNameOf(fixture('agent-files/brief/SKILL.md'))]).toEqual(['review', 'brief'])
      const session = (await (
        await fetch(`${url}/apps/review/users/u/sessions`, { method: 'POST', body: '{}' })
      ).json()) as { id: string }
      expect(out).toContain(`models: offline, the replies of ${replies} (every turn replays them from the first);`)
      // The second message of the session replays the replies too.
      for (const text of ['Write about cats.', 'And again.']) {
        const events = (await (
          await fetch(`${url}/run`, {
            method: 'POST',
            body: JSON.stringify({
              appName: 'review',
              userId: 'u',
              sessionId: session.id,
              newMessage: { parts: [{ text }] },
            }),
          })
        ).json()) as { author: string; content: { parts: { text: string }[] } }[]
        expect(events.map((event) => [event.author, event.content.parts[0]?.text])).toEqual([
          ['writer', 'Cats sleep sixteen hours a day.'],
          ['critic', 'Clear and short.'],
        ])
      }
      stop()
      expect(await exit).toBe(0)
    })

    it('a2a serves a config offline on --replies', async () => {
      let out = ''
      const io: CliIo = {
        stdout: { write: (text) => (out += text) },
        stderr: { write: () => true },
        env: { GOOGLE_API_KEY: 'not-a-real-key' },
        cwd: process.cwd(),
      }
      let stop: () => void = () => undefined
      const stopped = new Promise<void>((resolve) => (stop = resolve))
      const exit = a2aCommand.execute(
        { name: 'a2a', file: reviewConfig, exportName: undefined, port: 0, sessions: undefined, replies },
        { ...io, stopped },
      )
      await expect.poll(() => out, { timeout: 15_000 }).toMatch(/http:\/\/127\.0\.0\.1:\d+/)
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] as string
      const card = (await (await fetch(`${url}/.well-known/agent-card.json`)).json()) as { name: string }
      const send = async (messageId: string, contextId?: string) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'message/send',
              params: {
                message: {
                  kind: 'message',
                  messageId,
                  role: 'user',
                  parts: [{ kind: 'text', text: 'Write about cats.' }],
                  contextId,
                },
              },
            }),
          })
        ).json()) as { result: { contextId: string; status: { state: string; message?: unknown } } }
      const first = await send('m1')
      // The second task of the conversation replays the replies (it used to end `failed`).
      const second = await send('m2', first.result.contextId)
      stop()
      expect(await exit).toBe(0)
      expect(card.name).toBe('review')
      expect(out).toContain(`models: offline, the replies of ${replies} (every turn replays them from the first);`)
      for (const answer of [first, second]) {
        expect(answer.result.status.state).toBe('completed')
        expect(JSON.stringify(answer.result.status.message)).toContain('Clear and short.')
      }
    })

    it('the real bin runs a config offline', async () => {
      const result = await runBin(['run', reviewConfig, 'Write about cats.', '--replies', replies])
      expect(result).toEqual({
        code: 0,
        stdout: '[writer] Cats sleep sixteen hours a day.\n[critic] Clear and short.\n',
        stderr: '',
      })
    })
  },
)
