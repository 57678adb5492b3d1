/**
 * The weather agent as `adk-fluent eval` loads it: the builder on a Gemini model name, and a `mockScript` that answers
 * offline (no GOOGLE_API_KEY) for the agent and for the judge metrics of `test_config.json`. Every reply is a function
 * of the request, so cases running in parallel get the same answers in any order.
 *
 *   adk-fluent eval examples/weather-agent/eval/agent.ts examples/weather-agent/eval/weather.evalset.json \
 *     --config_file_path examples/weather-agent/eval/test_config.json
 */
import type { LlmRequest } from '@adk-fluent/core'
import { call, type ScriptStep } from '@adk-fluent/core/testing'
import { createWeatherAgent } from '../index.js'

export const agent = createWeatherAgent('gemini-2.5-flash')

interface Forecast {
  readonly city: string
  readonly sky: string
  readonly temperatureC: number
  readonly windKmh: number
}

function texts(request: LlmRequest): string[] {
  return request.contents.flatMap((content) =>
    (content.parts ?? []).flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])),
  )
}

/** The tool results since the user's last message, by tool name. */
function results(request: LlmRequest): Map<string, Record<string, unknown>> {
  // The user's message: a user text that is not the dynamic instruction (which travels as user content too).
  const isQuestion = (index: number) =>
    request.contents[index]?.role === 'user' &&
    (request.contents[index]?.parts ?? []).some((part) => part.text !== undefined && !part.text.includes('Home city:'))
  let start = request.contents.length - 1
  while (start >= 0 && !isQuestion(start)) start--
  const found = new Map<string, Record<string, unknown>>()
  for (const content of request.contents.slice(start + 1)) {
    for (const part of content.parts ?? []) {
      if (part.functionResponse?.name) found.set(part.functionResponse.name, part.functionResponse.response ?? {})
    }
  }
  return found
}

/** A scripted stand-in for the weather agent's model: look up the forecast, convert for imperial users, answer. */
function weatherReply(request: LlmRequest): ScriptStep {
  const all = texts(request)
  const question = all.filter((text) => !text.includes('Home city:')).at(-1) ?? ''
  const home = /Home city: (\w+)\./.exec(all.join('\n'))?.[1] ?? 'Lisbon'
  const city = /\b(Lisbon|Oslo|Tokyo)\b/.exec(question)?.[1] ?? home
  const done = results(request)
  const forecast = done.get('get_weather') as Forecast | undefined
  if (!forecast) return call('get_weather', { city }, `weather-${city.toLowerCase()}`)
  const imperial = all.some((text) => text.includes('convert_temperature'))
  const converted = done.get('convert_temperature') as { fahrenheit: number } | undefined
  if (imperial && !converted) return call('convert_temperature', { celsius: forecast.temperatureC }, 'convert')
  const temperature = converted ? `${converted.fahrenheit} °F` : `${forecast.temperatureC} °C`
  const advice = forecast.temperatureC < 15 || forecast.sky.includes('rain') ? 'Take a jacket' : 'No jacket needed'
  const sky = forecast.sky.includes('rain') ? `has ${forecast.sky}` : `is ${forecast.sky}`
  const wind = `${forecast.windKmh < 15 ? 'light' : 'brisk'} ${forecast.windKmh} km/h breeze`
  return `${advice}: ${forecast.city} ${sky} and ${temperature} today, with a ${wind}.`
}

/** A scripted judge: valid when the answer has the reference's facts; rubric verdicts read from the answer. */
function judgeReply(prompt: string): ScriptStep {
  if (prompt.includes('is_the_agent_response_valid')) {
    const actual = /Agent response:\n(.*)\n/.exec(prompt)?.[1] ?? ''
    const expected = /Reference response:\n(.*)$/.exec(prompt)?.[1] ?? ''
    const numbers = (text: string) => (text.match(/\d+(\.\d+)?/g) ?? []).join(' ')
    const valid = numbers(actual) === numbers(expected) && actual.split(':')[0] === expected.split(':')[0]
    return `{"reasoning": "compared the advice and the numbers", "is_the_agent_response_valid": "${valid ? 'valid' : 'invalid'}"}`
  }
  const answer = /Final response of the agent:\n(.*)\n/.exec(prompt)?.[1] ?? ''
  const city = /\b(Lisbon|Oslo|Tokyo)\b/.test(answer)
  const jacket = /jacket/i.test(answer)
  return [
    'ID: names_city',
    'Property: The answer names the city it is about.',
    `Rationale: ${city ? 'The city is named.' : 'No city is named.'}`,
    `Verdict: ${city ? 'yes' : 'no'}`,
    '',
    'ID: jacket_advice',
    'Property: The answer says whether a jacket is needed.',
    `Rationale: ${jacket ? 'It gives jacket advice.' : 'No jacket advice.'}`,
    `Verdict: ${jacket ? 'yes' : 'no'}`,
  ].join('\n')
}

/** Offline replies for every model name (the agent's and the judge's), as a function of each request. */
export function offlineReply(request: LlmRequest): ScriptStep {
  const first = texts(request)[0] ?? ''
  return first.startsWith('You are an expert rater') ? judgeReply(first) : weatherReply(request)
}

export const mockScript = Array.from({ length: 1000 }, () => offlineReply)
