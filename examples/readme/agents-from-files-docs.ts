// The code of docs/agents-from-files.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`);
// the page shows the regions (`pnpm readme` copies them; examples/readme/readme.test.ts fails when they drift).
import type { SingleBeforeModelCallback } from '@adk-fluent/core'
import { Agent, Skill, T, loadAgentConfig } from '@adk-fluent/fluent'
import { z } from 'zod'

const getWeather = T.fn(async ({ city }: { city: string }) => ({ city, forecast: 'sunny' }), {
  name: 'get_weather',
  description: 'The weather forecast of a city.',
  parameters: z.object({ city: z.string() }),
})
const logRequest: SingleBeforeModelCallback = () => undefined
const billingAgent = Agent('billing', 'gemini-2.5-flash').instruct('Answer billing questions.')
const VerdictSchema = z.object({ verdict: z.enum(['approve', 'reject']) })
const search = async ({ query }: { query: string }) => ({ results: [query] })
const parameters = z.object({ query: z.string() })

export function fromConfig() {
  // #region config
  const root = loadAgentConfig('agents/root_agent.yaml', {
    tools: { get_weather: getWeather }, // names in `tools:` lists
    callbacks: { log_request: logRequest }, // names in `*_callbacks:` lists
    agents: { billing: billingAgent }, // `sub_agents: - code: billing`
    schemas: { Verdict: VerdictSchema }, // `input_schema` / `output_schema`
  })
  // #endregion config
  return root
}

export function fromSkill() {
  // #region skill
  const research = Skill('skills/research') // the folder or its SKILL.md
    .inject({ search: T.fn(search, { parameters }) }) // tools the agents name
    .model('gemini-2.5-flash') // every agent's model
    .configure('writer', { model: 'gemini-2.5-pro' }) // one agent (or a function (agent) => agent)
  // #endregion skill
  return research
}
