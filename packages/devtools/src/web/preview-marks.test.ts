import { Agent, Pipeline, S } from '@adk-fluent/fluent'
import { describe, expect, it } from 'vitest'
import { previewRequests } from './preview-requests.js'

// The showcase's own start: no state, a message that S.capture writes to `topic`, and an agent whose answer is read
// later. The preview marks where those values land, not only the values of the posted state.
describe('preview marks', () => {
  it('marks values the run wrote itself (a captured message, an earlier answer) where they land', async () => {
    const flow = Pipeline('flow')
      .step(S.capture('topic'))
      .step(Agent('researcher').instruct('Research {topic}.').writes('findings'))
      .step(Agent('writer').instruct('Write about {topic} from {findings}. Tone: {tone}.'))
      .build()
    const { calls, error } = await previewRequests(flow, { state: { tone: 'calm' }, message: 'How do bees talk?' })
    expect(error).toBeUndefined()
    const writer = calls.find((call) => call.agent === 'writer')
    const marked = (writer?.marks ?? []).map((mark) => [mark.key, writer?.text.slice(mark.start, mark.end)])
    expect(marked).toEqual([
      ['topic', 'How do bees talk?'],
      ['findings', expect.any(String)],
      ['tone', 'calm'],
    ])
    // The user message in the contents is the message, not a state value: it stays unmarked.
    const researcher = calls.find((call) => call.agent === 'researcher')
    expect(researcher?.marks.map((mark) => mark.key)).toEqual(['topic'])
  })
})
