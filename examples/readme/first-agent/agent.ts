// The code of the site's getting-started page (site/pages/getting-started.md), type-checked in strict mode by
// `pnpm typecheck`; the page shows its regions, and agent.test.ts runs it with the real `adk-fluent` CLI.
// #region agent
import { Agent } from '@adk-fluent/fluent'

export const researcher = Agent('researcher')
  .instruct('List three short facts that answer the question.')
  .writes('facts')
export const writer = Agent('writer').instruct('Answer the question in two sentences, from these facts: {facts}')
export const answer = researcher.then(writer)

// Without GOOGLE_API_KEY, the adk-fluent commands answer offline with these replies, per agent.
export const mockScript = {
  researcher: ['- Bees dance to show where flowers are.\n- The angle points to the food.\n- The length tells how far.'],
  writer: ['Bees talk by dancing. The angle of the waggle dance points to the flowers, its length tells how far.'],
}
// #endregion agent

export async function askOnGemini(): Promise<string> {
  // #region ask
  const text = await answer.ask('How do bees talk?') // Gemini (gemini-2.5-flash) with GOOGLE_API_KEY set
  // #endregion ask
  return text
}
