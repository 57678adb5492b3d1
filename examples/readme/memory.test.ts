import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
const dir = mkdtempSync(join(tmpdir(), 'readme-memory-'))
const file = join(dir, 'memory.db')
const llm = new ScriptedLlm(['Noted.', 'You moved to Lisbon.'])
// #region memory
import { openMemoryService } from '@adk-fluent/sessions'

const memory = openMemoryService(`sqlite:${file}`) // or postgresql://…, or memory:
const assistant = Agent('assistant', llm).instruct('Help the user.').memory('both') // T.preloadMemory() + T.loadMemory()
await assistant.ask('I moved to Lisbon in May.', { memoryService: memory, memoryAutoSave: true, userId: 'ann' })
await assistant.ask('Where did I move in May?', { memoryService: memory, userId: 'ann' }) // a new conversation
// #endregion memory
await memory.close()
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it("recalls the first conversation in the second: the matching memory is in the model's system instruction", async () => {
  const instruction = llm.requests[1]?.config.systemInstruction ?? ''
  expect(instruction).toContain('<PAST_CONVERSATIONS>')
  expect(instruction).toContain('user: I moved to Lisbon in May.')
  expect(instruction).toContain('You have memory.')
  const again = openMemoryService(`sqlite:${file}`)
  try {
    const { memories } = await again.searchMemory({ appName: 'assistant', userId: 'ann', query: 'Lisbon' })
    expect(memories.map((entry) => entry.author)).toEqual(['user'])
    expect((await again.searchMemory({ appName: 'assistant', userId: 'bob', query: 'Lisbon' })).memories).toEqual([])
  } finally {
    await again.close()
  }
})
