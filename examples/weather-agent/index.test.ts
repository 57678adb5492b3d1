import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { createWeatherAgent, example, staticInstruction } from './index.js'

/** The texts of a request's user contents. */
function userTexts(request: { contents: { role?: string; parts?: { text?: string }[] }[] } | undefined): string[] {
  return (request?.contents ?? [])
    .filter((content) => content.role === 'user')
    .flatMap((content) => (content.parts ?? []).map((part) => part.text ?? ''))
}

describe('weather-agent example', () => {
  it('calls its tools and builds the dynamic instruction from the user state', async () => {
    const lines: string[] = []
    const run = await runExample(example, { print: (line) => lines.push(line), environment: {} })
    const requests = run.choice.scripted?.requests ?? []
    expect(requests).toHaveLength(3)
    const first = requests[0]
    expect(first?.config.systemInstruction).toContain(staticInstruction)
    expect(first?.config.systemInstruction).not.toContain('Home city')
    // With a static instruction, the dynamic one travels as user content, resolved against state at run time.
    expect(userTexts(first)).toContain(
      "Task:\nAnswer the user's weather question in two sentences. When they name no city, use their home city.\n\nConstraints:\nGive temperatures in °F: convert them with convert_temperature.\n\nHome city: Lisbon.",
    )
    const declared = first?.config.tools
      ?.flatMap((tool) => ('functionDeclarations' in tool ? (tool.functionDeclarations ?? []) : []))
      .map((declaration) => declaration.name)
    expect(declared).toEqual(['get_weather', 'convert_temperature'])
    const results = run.events.flatMap((event) => event.content?.parts ?? []).filter((part) => part.functionResponse)
    expect(results.map((part) => part.functionResponse?.response)).toEqual([
      { city: 'Lisbon', sky: 'sunny', temperatureC: 24, windKmh: 12 },
      { fahrenheit: 75.2 },
    ])
    expect(run.state['answer']).toBe(
      'No jacket needed: Lisbon is sunny and 75.2 °F today, with a light 12 km/h breeze.',
    )
    expect(lines[0]).toBe('Running offline on scripted models (set GOOGLE_API_KEY to run on Gemini).')
    expect(lines.at(-1)).toBe(`[weather_agent] ${String(run.state['answer'])}`)
  })

  it('leaves the °F rule out for a metric user, and reports an unknown city as a tool error', async () => {
    const llm = new ScriptedLlm([call('get_weather', { city: 'Paris' }), text('I have no forecast for Paris.')])
    const answer = await createWeatherAgent(llm).ask('Weather in Paris?', {
      state: { 'user:home_city': 'Oslo', 'user:units': 'metric' },
    })
    expect(answer).toBe('I have no forecast for Paris.')
    const instruction = userTexts(llm.requests[0]).find((part) => part.startsWith('Task:'))
    expect(instruction).toBe(
      "Task:\nAnswer the user's weather question in two sentences. When they name no city, use their home city.\n\nHome city: Oslo.",
    )
    const toolResult = llm.requests[1]?.contents
      .flatMap((content) => content.parts ?? [])
      .find((part) => part.functionResponse)
    expect(toolResult?.functionResponse?.response).toEqual({
      error: `Error in tool 'get_weather': no forecast for "Paris"; known cities: Lisbon, Oslo, Tokyo`,
    })
  })
})
