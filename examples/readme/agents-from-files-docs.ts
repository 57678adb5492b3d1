// The code of docs/agents-from-files.md, type-checked in strict mode with the rest of the repository
// (`pnpm typecheck`); the page shows the regions (`pnpm readme` copies them; examples/readme/readme.test.ts fails
// when they drift). Loading needs the files the page describes, so the regions sit in functions nobody calls here.
import type { SingleBeforeModelCallback } from '@adk-fluent/core'
import { Agent, loadAgentConfig, Skill, T } from '@adk-fluent/fluent'
import { z } from 'zod'

const getWeather = ({ city }: { city: string }) => ({ city, sky: 'clear' })
const logRequest: SingleBeforeModelCallback = ({ request }) => void console.log(request.model)
const billingAgent = Agent('billing').instruct('Answer billing questions.')
const VerdictSchema = z.object({ verdict: z.enum(['pass', 'fail']) })
const search = ({ query }: { query: string }) => ({ query, results: [] as string[] })
const parameters = z.object({ query: z.string() })

export function loadConfig() {
  // #region agent-config
  const root = loadAgentConfig('agents/root_agent.yaml', {
    tools: { get_weather: getWeather }, // names in `tools:` lists
    callbacks: { log_request: logRequest }, // names in `*_callbacks:` lists
    agents: { billing: billingAgent }, // `sub_agents: - code: billing`
    schemas: { Verdict: VerdictSchema }, // `input_schema` / `output_schema`
  })
  // #endregion agent-config
  return root
}

export function loadSkill() {
  // #region skill
  const research = Skill('skills/research') // the folder or its SKILL.md
    .inject({ search: T.fn(search, { parameters }) }) // tools the agents name
    .model('gemini-2.5-flash') // every agent's model
    .configure('writer', { model: 'gemini-2.5-pro' }) // one agent (or a function (agent) => agent)
  // #endregion skill
  return research
}
