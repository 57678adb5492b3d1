import { SqliteSessionService } from '@adk-fluent/sessions'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from './main.js'
import { parseArguments } from './parse-arguments.js'
import { offlineNote } from './commands/run.js'
import { fixture, runBin } from './run-bin.test-helper.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-cli-sessions-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('adk-fluent run --sessions <uri> --session <id>', () => {
  it('parses both options', () => {
    expect(parseArguments(['run', 'f.ts', 'hi', '--sessions', 'sqlite:./s.db', '--session', 'chat-1'])).toMatchObject({
      name: 'run',
      sessions: 'sqlite:./s.db',
      session: 'chat-1',
    })
    expect(parseArguments(['run', 'f.ts', 'hi'])).toMatchObject({ sessions: undefined, session: undefined })
  })

  it("sends the first process's turn to the model in the second process's request", { timeout: 180_000 }, async () => {
    const args = ['--sessions', `sqlite:${join(dir, 'echo.db')}`]
    const first = await runBin(['run', fixture('echo-history.ts'), 'My name is Ana.', ...args, '--session', 'ana'])
    expect([first.code, first.stderr, first.stdout]).toEqual([0, '', '[chat] model saw: My name is Ana.\n'])
    const second = await runBin(['run', fixture('echo-history.ts'), 'What is my name?', ...args, '--session', 'ana'])
    expect([second.code, second.stderr, second.stdout]).toEqual([
      0,
      '',
      '[chat] model saw: My name is Ana. | What is my name?\n',
    ])
    // Another session id starts a new conversation in the same file.
    const other = await runBin(['run', fixture('echo-history.ts'), 'What is my name?', ...args, '--session', 'bob'])
    expect(other.stdout).toBe('[chat] model saw: What is my name?\n')
  })

  it('continues a conversation across two processes with the same --session', { timeout: 180_000 }, async () => {
    const file = join(dir, 'chat.db')
    const args = ['--sessions', `sqlite:${file}`, '--session', 'chat-1', '--state', '{"topic":"cats"}']
    const first = await runBin(['run', fixture('writer-critic.ts'), 'Go', ...args])
    expect(first.stderr).toBe(offlineNote(fixture('writer-critic.ts')))
    expect(first.code).toBe(0)
    const second = await runBin(['run', fixture('writer-critic.ts'), 'Again', ...args])
    expect(second.stderr).toBe(offlineNote(fixture('writer-critic.ts')))
    expect(second.code).toBe(0)
    const service = new SqliteSessionService(file)
    try {
      const session = await service.getSession({ appName: 'writer_then_critic', userId: 'user', sessionId: 'chat-1' })
      const turns = session?.events
        .filter((event) => event.author === 'user')
        .map((event) => event.content?.parts?.[0]?.text)
      expect(turns).toEqual(['Go', 'Again'])
      expect(session?.events.filter((event) => event.author === 'critic')).toHaveLength(2)
      expect(session?.state).toMatchObject({ topic: 'cats', draft: 'Cats sleep a lot.' })
    } finally {
      await service.close()
    }
  })

  it('never prints the password of an unknown --sessions URI (only its scheme); bad usage, exit code 2', async () => {
    let err = ''
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      cwd: process.cwd(),
    }
    const args = ['run', fixture('writer-critic.ts'), 'Go', '--sessions', 'mysql://root:hunter2-secret@db/app']
    expect(await runCli(args, io)).toBe(2)
    expect(err).toContain('adk-fluent: --sessions mysql://root:***@db/app: Unknown session store URI scheme "mysql:"')
    expect(err).not.toContain('hunter2')
  })
})
