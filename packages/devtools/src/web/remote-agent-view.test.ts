import { describe, expect, it } from 'vitest'
import { BaseAgent, type Event, type InvocationContext } from '@adk-fluent/core'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { createRemoteAgentBuilder } from '@adk-fluent/fluent/internal'
import { graphView } from './graph-view.js'
import { symbolicAnatomy } from './symbolic-anatomy.js'

class Unreachable extends BaseAgent {
  protected async *runAsyncImpl(_ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    throw new Error('a view contacted the remote agent')
  }
}

const pricer = createRemoteAgentBuilder(
  'pricer',
  { protocol: 'A2A', url: 'http://127.0.0.1:9/', lower: (_node, name) => new Unreachable({ name }) },
  'RemoteAgent',
)
  .sends('sku')
  .receives('price')
const flow = Pipeline('shop')
  .step(Agent('picker').instruct('Pick.').writes('sku'))
  .step(pricer)
  .step(Agent('writer').instruct('Say {price}.'))

describe('the dev UI views of a remote agent', () => {
  it('draws it as a RemoteAgent node with its URL', () => {
    const view = graphView(flow)
    expect(view.nodes.find((node) => node.name === 'pricer')).toMatchObject({
      kind: 'RemoteAgent',
      label: 'pricer (RemoteAgent: A2A http://127.0.0.1:9/)',
    })
  })

  it('gives its own anatomy block, apart from its neighbours', () => {
    expect(symbolicAnatomy(flow, 'pricer')).toMatch(
      /^Remote Agent: pricer \(remote A2A agent at http:\/\/127\.0\.0\.1:9\/\)/,
    )
    expect(symbolicAnatomy(flow, 'picker')).not.toContain('Remote Agent')
    expect(symbolicAnatomy(flow, 'writer')).toContain('Say {price}.')
  })
})
