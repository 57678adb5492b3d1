// The agent tree of the pause-and-resume durable-run tests (shared by the tests and the worker processes).
import { existsSync, readFileSync } from 'node:fs'
import { FunctionTool, LlmAgent, SequentialAgent, type BaseAgent, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { logLine } from './agents.test-helper.js'

/** Where the worker that has it stops for good (so a test can kill it there). */
export type BlockAt = 'before-tool' | 'in-tool' | 'after-tool'

const hang = () => new Promise<never>(() => undefined)

/** The function responses of the request's last content, as `[name, response]`. */
function lastResponses(request: LlmRequest): [string | undefined, unknown][] {
  const parts = request.contents.at(-1)?.parts ?? []
  return parts
    .filter((part) => part.functionResponse)
    .map((part) => [part.functionResponse?.name, part.functionResponse?.response])
}

/** The text of the request's first user message. */
function askedFor(request: LlmRequest): string {
  for (const content of request.contents)
    for (const part of content.parts ?? []) if (content.role === 'user' && part.text) return part.text
  return ''
}

/**
 * `desk` (an LLM agent with the `pay` tool, which needs approval, and `balance`, which does not), then `notify`. Asked
 * "pay ann" the model calls `pay` once; asked "pay ann bob cyd" it calls `pay` three times and `balance` in one turn.
 * Every call writes to the log: `model desk saw <responses>`, `model notify`, `tool balance`, and for each execution
 * of `pay` `attempt pay <to> <idempotencyKey>`; the payment itself (`effect pay <to> <key>`) is written once per key,
 * as a payment API honouring the idempotency key would.
 */
export function approvalTree(options: { log: string; blockAt?: BlockAt }): BaseAgent {
  const { log, blockAt } = options
  const pay = new FunctionTool({
    name: 'pay',
    description: 'Pays someone.',
    requireConfirmation: true,
    execute: async (args: Record<string, unknown>, context) => {
      if (blockAt === 'before-tool') {
        logLine(log, 'blocked before pay')
        await hang()
      }
      const key = context.idempotencyKey
      logLine(log, `attempt pay ${String(args['to'])} ${key}`)
      const effect = `effect pay ${String(args['to'])} ${key}`
      const done = existsSync(log) && readFileSync(log, 'utf8').split('\n').includes(effect)
      if (!done) logLine(log, effect)
      if (blockAt === 'in-tool') {
        logLine(log, 'blocked in pay')
        await hang()
      }
      return { paid: args['to'] }
    },
  })
  const balance = new FunctionTool({
    name: 'balance',
    description: 'The balance.',
    execute: () => {
      logLine(log, 'tool balance')
      return { balance: 100 }
    },
  })
  const desk = new LlmAgent({
    name: 'desk',
    instruction: 'Pay who the user names.',
    tools: [pay, balance],
    model: new ScriptedLlm(
      Array.from({ length: 100 }, () => (request: LlmRequest) => {
        const responses = lastResponses(request)
        if (responses.length > 0) {
          logLine(log, `model desk saw ${JSON.stringify(responses)}`)
          return 'payments done'
        }
        logLine(log, 'model desk calls')
        const names = askedFor(request).replace(/^pay /, '').split(' ')
        return names.length === 1
          ? call('pay', { to: names[0] })
          : call([['pay', { to: names[0] }], ['balance', {}], ...names.slice(1).map((to) => ['pay', { to }] as const)])
      }),
    ),
    beforeModelCallback: async ({ request }) => {
      if (blockAt === 'after-tool' && lastResponses(request).some(([name]) => name === 'pay')) {
        logLine(log, 'blocked after pay')
        await hang()
      }
      return undefined
    },
  })
  const notify = new LlmAgent({
    name: 'notify',
    instruction: 'Tell the user.',
    model: new ScriptedLlm(
      Array.from({ length: 100 }, () => () => {
        logLine(log, 'model notify')
        return 'notified'
      }),
    ),
  })
  return new SequentialAgent({ name: 'approvals', subAgents: [desk, notify] })
}
