// A support pipeline served over ADK's HTTP API: `adk-fluent api-server examples/adk-api-server/support.ts --adk-web`
// serves it as the app "support" (named after this file) with Google's dev UI at http://127.0.0.1:8000/dev-ui/.
// Offline (no GOOGLE_API_KEY), its models answer with `mockScript`.
import { Agent } from '@adk-fluent/fluent'

export const triage = Agent('triage', 'gemini-2.5-flash')
  .instruct('Classify the customer message as billing, technical or other. Answer with the one word.')
  .writes('topic')

export const answer = Agent('answer', 'gemini-2.5-flash').instruct(
  'The topic is {topic}. Answer the customer in two friendly sentences.',
)

export const support = triage.then(answer)

/** The replies of the offline models, per agent. */
export const mockScript = {
  triage: ['billing', 'technical', 'other'],
  answer: [
    'Sorry about the double charge. I have refunded the second payment; it reaches your card in 3-5 days.',
    'Please restart the router and wait a minute. If the light stays red, reply here and we will send a technician.',
    'Thanks for writing. A colleague will get back to you today.',
  ],
}
