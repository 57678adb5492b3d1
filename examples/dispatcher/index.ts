/**
 * A dispatcher: the front desk answers nothing itself and transfers each question to support, billing or sales with
 * `transfer_to_agent`. The next user turn goes straight to the specialist that answered last.
 */
import { FunctionTool, LlmAgent, type BaseLlm } from '@adk-fluent/core'
import { call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

const lookUpInvoice = new FunctionTool({
  name: 'look_up_invoice',
  description: 'Finds an invoice by its number and returns its amount and status.',
  parameters: z.object({ invoiceNumber: z.string().describe('Invoice number, e.g. INV-1001') }),
  execute: ({ invoiceNumber }) => ({ invoiceNumber, amount: 42.5, currency: 'EUR', status: 'paid' }),
})

/** Builds the dispatcher and its three specialists on one model. */
export function createDispatcher(model: string | BaseLlm): LlmAgent {
  const support = new LlmAgent({
    name: 'support',
    model,
    description: 'Technical support: errors, outages, how-to questions about the product.',
    instruction: 'Help the user fix their technical problem. Be concise.',
  })
  const billing = new LlmAgent({
    name: 'billing',
    model,
    description: 'Billing: invoices, payments, refunds.',
    instruction: 'Answer billing questions. Look invoices up with look_up_invoice before answering.',
    tools: [lookUpInvoice],
  })
  const sales = new LlmAgent({
    name: 'sales',
    model,
    description: 'Sales: plans, pricing, upgrades, quotes.',
    instruction: 'Help the user choose a plan.',
  })
  return new LlmAgent({
    name: 'front_desk',
    model,
    description: 'Routes each question to the right team.',
    instruction: 'You do not answer questions yourself. Transfer every question to the best team.',
    subAgents: [support, billing, sales],
  })
}

export const example: Example = {
  name: 'dispatcher',
  description: 'A front desk that transfers questions to support, billing or sales.',
  defaultPrompt: 'Was invoice INV-1001 paid?',
  script: [
    call('transfer_to_agent', { agent_name: 'billing' }),
    call('look_up_invoice', { invoiceNumber: 'INV-1001' }),
    text('Yes: invoice INV-1001 (42.50 EUR) is paid.'),
    text('You can download it from Settings → Billing → Invoices.'),
  ],
  create: createDispatcher,
}
