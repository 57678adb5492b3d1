import type { A2aAgentCard } from './a2a-card-types.js'
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client'
import { createRemoteAgentBuilder, throwConfigIssue } from '@adk-fluent/fluent/internal'
import type { EmptyFlow, RemoteAgentBuilder } from '@adk-fluent/fluent'
import { RemoteA2aAgent } from './remote-a2a-agent.js'
import { cardProblem, sourceUrl, urlProblem, type RemoteAgentSource } from './remote-card.js'

/**
 * A remote A2A agent as a builder: `urlOrCard` is its base URL (the card is read from
 * `/.well-known/agent-card.json` at the first call), its card's URL, or its card. It stands wherever an agent builder
 * can (`.step()`, fan-out branches, sub-agents, `T.agent()`); `build()` gives a {@link RemoteA2aAgent}. Previews and
 * checks never contact it.
 * @example
 * const pricer = RemoteAgent('pricer', 'http://127.0.0.1:8001/').sends('sku').receives('price').timeout(10_000)
 * const flow = Pipeline('shop').step(Agent('picker').writes('sku')).step(pricer).step(Agent('writer'))
 */
export function RemoteAgent(name: string, urlOrCard: string | A2aAgentCard): RemoteAgentBuilder<EmptyFlow> {
  const source = parseSource(name, urlOrCard)
  return createRemoteAgentBuilder(
    name,
    {
      protocol: 'A2A',
      url: sourceUrl(source),
      description: typeof source === 'object' ? source.description || undefined : undefined,
      lower: (node, agentName) =>
        new RemoteA2aAgent({
          name: agentName,
          ...(node.description === undefined ? {} : { description: node.description }),
          agent: source,
          sends: node.sends,
          receives: node.receives,
          ...(node.timeoutMs === undefined ? {} : { timeoutMs: node.timeoutMs }),
          ...(node.streaming === undefined ? {} : { streaming: node.streaming }),
        }),
    },
    'RemoteAgent',
  )
}

function parseSource(name: string, value: unknown): RemoteAgentSource {
  const path = [`RemoteAgent(${JSON.stringify(name)})`, 'urlOrCard']
  if (typeof value === 'string') {
    const problem = urlProblem(value)
    if (problem) throwConfigIssue('url_invalid', path, problem)
    return value
  }
  let card: unknown = value
  try {
    card = new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).normalizeAgentCard(value)
  } catch {
    // cardProblem names what is missing.
  }
  const problem = cardProblem(card)
  if (problem)
    throwConfigIssue(
      'agent_card_invalid',
      path,
      `${problem}. Pass the agent's base URL, its card's URL, or an A2A card with a name and supportedInterfaces.`,
    )
  return card as A2aAgentCard
}
