/**
 * A weather assistant: one agent with two function tools, a static instruction (sent unchanged, a cacheable prefix)
 * and a dynamic instruction built with `P` from the user's state at run time — their home city fills a template,
 * and a `P.when` block asks for °F only when they prefer imperial units.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { call, text } from '@adk-fluent/core/testing'
import { Agent, P, type AgentBuilder } from '@adk-fluent/fluent'
import { z } from 'zod'
import type { Example } from '../shared/example.js'

/** Offline forecasts by city (lower case). */
const forecasts: Readonly<
  Record<string, { readonly sky: string; readonly temperatureC: number; readonly windKmh: number }>
> = {
  lisbon: { sky: 'sunny', temperatureC: 24, windKmh: 12 },
  oslo: { sky: 'light rain', temperatureC: 9, windKmh: 20 },
  tokyo: { sky: 'cloudy', temperatureC: 18, windKmh: 8 },
}

/** Today's forecast for a city. */
function getWeather({ city }: { city: string }) {
  const forecast = forecasts[city.trim().toLowerCase()]
  if (!forecast) throw new Error(`no forecast for "${city}"; known cities: Lisbon, Oslo, Tokyo`)
  return { city, ...forecast }
}

/** Converts °C to °F, rounded to one decimal. */
function convertTemperature({ celsius }: { celsius: number }) {
  return { fahrenheit: Math.round((celsius * 1.8 + 32) * 10) / 10 }
}

/** The static instruction: the same for every user and turn. */
export const staticInstruction =
  'You are a concise, friendly weather assistant. Look up every forecast with get_weather before you answer; never guess the weather.'

/** Builds the weather agent on a model. */
export function createWeatherAgent(model: string | BaseLlm): AgentBuilder {
  return Agent('weather_agent', model)
    .describe('Answers questions about the weather in a city.')
    .static(staticInstruction)
    .instruct(
      P.task("Answer the user's weather question in two sentences. When they name no city, use their home city.")
        .add(P.template('Home city: {user:home_city?}.'))
        .add(
          P.when(
            (state) => state['user:units'] === 'imperial',
            P.constraint('Give temperatures in °F: convert them with convert_temperature.'),
          ),
        ),
    )
    .tool(getWeather, {
      name: 'get_weather',
      description: "Today's forecast for a city: sky, temperature in °C and wind in km/h.",
      parameters: z.object({ city: z.string().describe('City name, e.g. Lisbon') }),
    })
    .tool(convertTemperature, {
      name: 'convert_temperature',
      description: 'Converts a temperature from °C to °F.',
      parameters: z.object({ celsius: z.number() }),
    })
    .writes('answer')
}

export const example: Example = {
  name: 'weather-agent',
  description: 'One agent with tools, a static instruction and a state-based dynamic instruction.',
  defaultPrompt: 'Do I need a jacket today?',
  initialState: { 'user:home_city': 'Lisbon', 'user:units': 'imperial' },
  script: [
    call('get_weather', { city: 'Lisbon' }),
    call('convert_temperature', { celsius: 24 }),
    text('No jacket needed: Lisbon is sunny and 75.2 °F today, with a light 12 km/h breeze.'),
  ],
  create: createWeatherAgent,
}
