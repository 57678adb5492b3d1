import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LlmAgent, PreloadMemoryTool, Runner } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { freshSchema, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'
import { openStores, type MemoryStore } from './memory-stores.test-helper.js'

const worker = fileURLToPath(new URL('./memory-worker.test-helper.ts', import.meta.url))
const root = fileURLToPath(new URL('../../../..', import.meta.url))

/** Runs one remembered turn in another process, which exits before the test goes on. */
function turnInAnotherProcess(store: MemoryStore, userId: string, message: string, reply: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@adk-fluent/source', '--import', 'tsx', worker, JSON.stringify(store), userId, message, reply],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`worker exited ${code}: ${err}`))))
  })
}

function describePersistence(title: string, store: () => MemoryStore, cleanup: () => Promise<void>): void {
  describe(title, () => {
    afterAll(cleanup)

    it('memories written by another process are found here, per user, and recalled by a preloading agent', async () => {
      const at = store()
      const { sessionService, memoryService } = openStores(at)
      try {
        // This process has the store open (and its schema made) before the other one writes.
        expect((await memoryService.searchMemory({ appName: 'app', userId: 'ann', query: 'Oslo' })).memories).toEqual(
          [],
        )
        expect(await turnInAnotherProcess(at, 'ann', 'I was born in Oslo.', 'Oslo is lovely.')).toBe('done\n')
        await turnInAnotherProcess(at, 'bob', 'I was born in Rome.', 'Rome is old.')
        const found = await memoryService.searchMemory({ appName: 'app', userId: 'ann', query: 'born where' })
        expect(found.memories.map((memory) => [memory.author, memory.content.parts?.[0]?.text])).toEqual([
          ['user', 'I was born in Oslo.'],
        ])
        const llm = new ScriptedLlm([text('Oslo.')])
        const agent = new LlmAgent({ name: 'assistant', model: llm, tools: [new PreloadMemoryTool()] })
        const runner = new Runner({ appName: 'app', agent, sessionService, memoryService })
        const session = await sessionService.createSession({ appName: 'app', userId: 'ann' })
        const newMessage = { role: 'user', parts: [{ text: 'Where was I born?' }] }
        for await (const _ of runner.runAsync({ userId: 'ann', sessionId: session.id, newMessage }));
        const instruction = llm.requests[0]?.config.systemInstruction ?? ''
        expect(instruction).toContain('user: I was born in Oslo.')
        expect(instruction).not.toContain('Rome')
      } finally {
        await sessionService.close()
        await memoryService.close()
      }
      // A fresh service (as after a restart) reads the same memories.
      const again = openStores(at)
      try {
        const found = await again.memoryService.searchMemory({ appName: 'app', userId: 'bob', query: 'Rome' })
        expect(found.memories.map((memory) => memory.author)).toEqual(['user', 'assistant'])
      } finally {
        await again.sessionService.close()
        await again.memoryService.close()
      }
    }, 60_000)
  })
}

const dir = mkdtempSync(join(tmpdir(), 'adk-memory-persist-'))
describePersistence(
  'SQLite file shared by two processes (sessions and memory in one file)',
  () => ({ uri: `sqlite:${join(dir, 'app.db')}` }),
  async () => rmSync(dir, { recursive: true, force: true }),
)

const schema = freshSchema()
describe.skipIf(!pgUrl)(pgTitle, () => {
  describePersistence(
    'PostgreSQL shared by two processes',
    () => ({ uri: pgUrl as string, schema }),
    async () => {
      await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    },
  )
})
