// A worker process for the memory persistence test (started with tsx): one turn of an agent on stored sessions and
// memory with memoryAutoSave, then it exits. Not part of the package.
import { LlmAgent, Runner } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { openStores, type MemoryStore } from './memory-stores.test-helper.js'

const [storeJson = '{}', userId = '', message = '', reply = ''] = process.argv.slice(2)
const { sessionService, memoryService } = openStores(JSON.parse(storeJson) as MemoryStore)
const agent = new LlmAgent({ name: 'assistant', model: new ScriptedLlm([text(reply)]) })
const runner = new Runner({ appName: 'app', agent, sessionService, memoryService, memoryAutoSave: true })
const session = await sessionService.createSession({ appName: 'app', userId })
const newMessage = { role: 'user', parts: [{ text: message }] }
for await (const _ of runner.runAsync({ userId, sessionId: session.id, newMessage }));
await sessionService.close()
await memoryService.close()
process.stdout.write('done\n')
