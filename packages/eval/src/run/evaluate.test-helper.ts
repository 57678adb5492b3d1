import { AgentTool, FunctionTool, LlmAgent, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm, call, type ScriptStep } from '@adk-fluent/core/testing'
import { z } from 'zod'

/** The text of the request's last user message (tool results excluded). */
export function lastUserText(request: LlmRequest): string {
  for (let index = request.contents.length - 1; index >= 0; index--) {
    const content = request.contents[index]
    const text =
      content?.role === 'user' ? content.parts?.find((part) => typeof part.text === 'string')?.text : undefined
    if (text !== undefined) return text
  }
  return ''
}

function isUserText(content: LlmRequest['contents'][number] | undefined): boolean {
  return content?.role === 'user' && (content.parts ?? []).some((part) => typeof part.text === 'string')
}

/** True when the request already holds a response of the named tool after the last user text. */
export function answered(request: LlmRequest, tool: string): boolean {
  let lastUser = request.contents.length - 1
  while (lastUser >= 0 && !isUserText(request.contents[lastUser])) lastUser--
  return request.contents
    .slice(lastUser + 1)
    .some((content) => content.parts?.some((part) => part.functionResponse?.name === tool))
}

/** A model whose every reply is a function of the request, so call order (parallel cases) does not matter. */
export function reactiveLlm(reply: (request: LlmRequest) => ScriptStep, calls = 200): ScriptedLlm {
  return new ScriptedLlm(Array.from({ length: calls }, () => reply))
}

const forecasts: Record<string, string> = { lisbon: 'sunny, 24 °C', oslo: 'light rain, 9 °C' }

/**
 * A small tree: `weather` (tool `get_weather`, reads `user:home_city`) with a sub-agent `travel` it transfers to for
 * travel questions (tool `book`), and an agent tool `translator`.
 */
export function weatherTree(options: { readonly failOn?: string } = {}) {
  const model = reactiveLlm((request) => {
    const agent = String(request.config.labels?.['adk_agent_name'] ?? '')
    const user = lastUserText(request)
    if (options.failOn !== undefined && user.includes(options.failOn)) return new Error('model unavailable')
    if (agent === 'translator') return `[pt] ${user}`
    if (agent === 'travel')
      return answered(request, 'book') ? 'Booked your trip to Oslo.' : call('book', { city: 'Oslo' }, 'call-book')
    if (user.includes('trip')) return call('transfer_to_agent', { agent_name: 'travel' }, 'call-transfer')
    if (user.includes('Portuguese'))
      return answered(request, 'translator')
        ? 'In Portuguese: [pt] sunny'
        : call('translator', { request: 'sunny' }, 'call-tr')
    const city =
      /in (\w+)/.exec(user)?.[1] ??
      String(request.config.systemInstruction?.match(/Home city: (\w+)/)?.[1] ?? 'nowhere')
    if (!answered(request, 'get_weather')) return call('get_weather', { city }, `call-${city.toLowerCase()}`)
    return `It is ${forecasts[city.toLowerCase()] ?? 'unknown'} in ${city}.`
  })
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Forecast for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ forecast: forecasts[city.toLowerCase()] ?? 'unknown' }),
  })
  const book = new FunctionTool({
    name: 'book',
    description: 'Books a trip.',
    parameters: z.object({ city: z.string() }),
    execute: () => ({ ok: true }),
  })
  const travel = new LlmAgent({
    name: 'travel',
    model,
    description: 'Books trips.',
    instruction: 'Book trips.',
    tools: [book],
  })
  const translator = new LlmAgent({
    name: 'translator',
    model,
    description: 'Translates to Portuguese.',
    instruction: 'Translate.',
  })
  const root = new LlmAgent({
    name: 'weather',
    model,
    instruction: 'Answer weather questions. Home city: {user:home_city?}.',
    tools: [getWeather, new AgentTool({ agent: translator })],
    subAgents: [travel],
  })
  return { root, model }
}
