import { describe, expect, it } from 'vitest'
// #region testing
import { InMemoryRunner } from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { z } from 'zod'

it('answers with the weather tool', async () => {
  const llm = new ScriptedLlm([call('get_weather', { city: 'Tokyo' }), text('Sunny, 24 °C in Tokyo.')])
  const getWeather = ({ city }: { city: string }) => ({ city, sky: 'sunny', celsius: 24 })
  const agent = Agent('assistant', llm)
    .instruct('Answer weather questions for {user:name?}.')
    .tool(getWeather, {
      name: 'get_weather',
      description: 'Weather now in a city.',
      parameters: z.object({ city: z.string() }),
    })

  expect(await agent.ask('Weather in Tokyo?')).toBe('Sunny, 24 °C in Tokyo.')
  // Every request the model received, exactly as sent:
  expect(llm.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({
    city: 'Tokyo',
    sky: 'sunny',
    celsius: 24,
  })
})
// #endregion testing

describe('the README testing snippet', () => {
  it('runs on a core runner too', async () => {
    const llm = new ScriptedLlm(['hi'])
    const runner = new InMemoryRunner({ agent: Agent('greeter', llm).build(), appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    const authors: string[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'hello' }] },
    })) {
      authors.push(event.author)
    }
    expect(authors).toEqual(['greeter'])
  })
})
