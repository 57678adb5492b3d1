import { InMemoryRunner, stringifyContent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { createDispatcher, example } from './index.js'

describe('dispatcher example', () => {
  it('transfers to billing, which uses its tool and answers', async () => {
    const run = await runExample(example, { print: () => undefined, environment: {} })
    const authors = run.events.filter((event) => !event.partial).map((event) => event.author)
    expect(authors).toEqual(['front_desk', 'front_desk', 'billing', 'billing', 'billing'])
    const transfer = run.events[1]
    expect(transfer?.actions.transferToAgent).toBe('billing')
    expect(run.finalText).toBe('Yes: invoice INV-1001 (42.50 EUR) is paid.')
    const requests = run.choice.scripted?.requests ?? []
    const frontDesk = requests[0]
    expect(frontDesk?.config.tools?.[0]).toMatchObject({ functionDeclarations: [{ name: 'transfer_to_agent' }] })
    expect(frontDesk?.config.systemInstruction).toContain(
      'Agent name: billing\nAgent description: Billing: invoices, payments, refunds.',
    )
    const billingRequest = requests[1]
    expect(billingRequest?.config.labels?.['adk_agent_name']).toBe('billing')
    expect(billingRequest?.config.systemInstruction).toContain('Your parent agent is front_desk.')
  })

  it('sends the next turn straight to the specialist that answered', async () => {
    const llm = new ScriptedLlm(example.script)
    const runner = new InMemoryRunner({ agent: createDispatcher(llm), appName: 'dispatcher' })
    const session = await runner.sessionService.createSession({ appName: 'dispatcher', userId: 'u' })
    const ask = async (prompt: string) => {
      const texts: string[] = []
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: prompt }] },
      })) {
        if (stringifyContent(event)) texts.push(`${event.author}: ${stringifyContent(event)}`)
      }
      return texts
    }
    await ask(example.defaultPrompt)
    expect(await ask('Where can I download it?')).toEqual([
      'billing: You can download it from Settings → Billing → Invoices.',
    ])
    expect(llm.requests[3]?.config.labels?.['adk_agent_name']).toBe('billing')
  })
})
