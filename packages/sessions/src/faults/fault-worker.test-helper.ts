// A worker process for the fault tests (started with tsx): appends to one session in a loop, or holds a run's lease.
// Prints one line per step on stdout, so the parent knows when to kill it. Not part of the package.
import { AdkFluentError, LlmAgent, Runner, FunctionTool, createEvent, type Session } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { createInterface } from 'node:readline'
import { openStore, type Store } from './fault-store.test-helper.js'

const [mode = '', storeJson = '{}', app = '', sessionId = '', tag = 'w', countText = '0'] = process.argv.slice(2)
const service = openStore(JSON.parse(storeJson) as Store)
const at = { appName: app, userId: 'u', sessionId }
const say = (line: string) => process.stdout.write(`${line}\n`)
const pad = 'x'.repeat(4096)

async function waitForGo(): Promise<void> {
  const lines = createInterface({ input: process.stdin })
  for await (const line of lines) {
    if (line.trim() !== 'go') continue
    lines.close()
    process.stdin.destroy()
    return
  }
}

async function appendLoop(retry: boolean): Promise<boolean> {
  const count = Number(countText)
  let view = (await service.getSession({ ...at, config: { numRecentEvents: 0 } })) as Session
  say('ready')
  if (mode !== 'kill-loop') await waitForGo()
  for (let index = 1; index <= count; index++) {
    const event = createEvent({
      invocationId: `${tag}-${index}`,
      author: tag,
      actions: { stateDelta: { n: index, [`w_${tag}`]: index, pad } },
    })
    for (;;) {
      try {
        await service.appendEvent({ session: view, event })
        break
      } catch (error) {
        if (!(AdkFluentError.isInstance(error) && error.code === 'SESSION_STALE')) throw error
        if (!retry) {
          say(`stale ${index}`)
          return false
        }
        view = (await service.getSession({ ...at, config: { numRecentEvents: 0 } })) as Session
      }
    }
    say(`appended ${index}`)
  }
  return true
}

async function holdRun(): Promise<void> {
  const hang = new FunctionTool({
    name: 'hang',
    description: 'Never returns.',
    execute: async () => {
      say('in-tool')
      await new Promise(() => undefined)
      return {}
    },
  })
  const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([call('hang', {}, 'call-1')]), tools: [hang] })
  const runner = new Runner({ appName: app, agent, sessionService: service, leaseTtlMs: Number(countText) })
  for await (const _ of runner.runAsync({
    userId: 'u',
    sessionId,
    newMessage: { role: 'user', parts: [{ text: 'go' }] },
  })) {
    // events are stored by the runner
  }
}

try {
  if (mode === 'hold-run') await holdRun()
  else if (await appendLoop(mode === 'retry-loop' || mode === 'kill-loop')) say('done')
  await service.close()
} catch (error) {
  say(`error ${(error as Error).message}`)
  process.exitCode = 1
}
