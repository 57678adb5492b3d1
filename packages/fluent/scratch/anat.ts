import { Agent } from '../src/index.js'
import { z } from 'zod'
import { subjects } from '../src/introspect/test-subjects.test-helper.js'
console.log(await subjects.classifier.llmAnatomy({ state: { query: 'refund please' }, userMessage: 'I want my money back' }))
console.log('=====')
const router = Agent('front').instruct('Route the question.').describe('Front desk.').subAgents(Agent('billing').describe('Invoices.'))
console.log(await router.llmAnatomy({ state: {}, userMessage: 'Was I charged twice?', history: [ { role: 'user', parts: [{ text: 'Hello' }] }, { role: 'model', parts: [{ text: 'Hi, how can I help?' }] } ] }))
console.log('=====')
const agent = Agent('solver').returns(z.object({ answer: z.string() })).tool(function lookUp({ id }: { id: string }) { return id }, { parameters: z.object({ id: z.string() }) }).generateContentConfig({ temperature: 0.2 })
console.log(await agent.llmAnatomy({ state: {} }))
