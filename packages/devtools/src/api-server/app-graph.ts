import { getFunctionCalls, getFunctionResponses, isLlmAgent, type BaseAgent, type Event } from '@adk-fluent/core'

/** An agent as adk-web's `build_graph` route describes it (snake_case, as ADK's server sends it). */
export interface AgentInfo {
  readonly name: string
  readonly type: 'agent'
  readonly description?: string
  readonly model?: string
  readonly tools?: readonly { readonly name: string; readonly type: 'tool' }[]
  readonly sub_agents?: readonly AgentInfo[]
}

/** The tree of an agent: name, description, model name (when given as a string), tools and sub-agents. */
export function agentInfo(agent: BaseAgent): AgentInfo {
  const info: {
    name: string
    type: 'agent'
    description?: string
    model?: string
    tools?: { name: string; type: 'tool' }[]
    sub_agents?: AgentInfo[]
  } = { name: agent.name, type: 'agent' }
  if (agent.description) info.description = agent.description
  if (isLlmAgent(agent)) {
    if (typeof agent.model === 'string' && agent.model) info.model = agent.model
    const tools = agent.tools.filter((tool) => tool.name).map((tool) => ({ name: tool.name, type: 'tool' as const }))
    if (tools.length > 0) info.tools = tools
  }
  if (agent.subAgents.length > 0) info.sub_agents = agent.subAgents.map(agentInfo)
  return info
}

/** The agent at `path` (`root/child/grandchild`; the root's name may be left out), or `undefined`. */
export function agentAt(root: BaseAgent, path: string): BaseAgent | undefined {
  const names = path.split('/').filter((name) => name !== '')
  let current: BaseAgent | undefined = root
  for (const [index, name] of names.entries()) {
    if (index === 0 && name === root.name) continue
    current = current?.subAgents.find((sub) => sub.name === name)
  }
  return current
}

/** Pairs `[from, to]` to highlight: an agent and the tool it calls, or `[agent, '']` for the agent alone. */
export type Highlight = readonly [from: string, to: string]

const quote = (name: string) => JSON.stringify(name)
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Graphviz DOT of an agent tree (what adk-web renders with its own Graphviz): a box per agent, a dashed box per tool,
 * an edge from each agent to its sub-agents and tools. Highlighted nodes and edges are filled.
 */
export function agentTreeDot(root: AgentInfo, options: { dark?: boolean; highlights?: readonly Highlight[] } = {}) {
  const colors = options.dark
    ? { background: '#0F172A', fill: '#1E293B', border: '#475569', text: '#F8FAFC', edge: '#94A3B8', mark: '#0F5223' }
    : { background: '#F8FAFC', fill: '#FFFFFF', border: '#94A3B8', text: '#0F172A', edge: '#64748B', mark: '#C8E6C9' }
  const highlights = options.highlights ?? []
  const marked = (name: string) => highlights.some(([from, to]) => from === name || to === name)
  const markedEdge = (from: string, to: string) =>
    highlights.some(([a, b]) => (a === from && b === to) || (a === to && b === from))
  const lines = [
    `digraph ${quote(root.name)} {`,
    `  bgcolor = ${quote(colors.background)};`,
    '  rankdir = "TB";',
    `  node [shape = "rect", style = "rounded,filled", fontname = "Helvetica", fontsize = 12, color = ${quote(colors.border)}, fontcolor = ${quote(colors.text)}];`,
    `  edge [color = ${quote(colors.edge)}, arrowhead = "vee"];`,
  ]
  const seen = new Set<string>()
  const node = (name: string, kind: 'agent' | 'tool') => {
    if (seen.has(name)) return
    seen.add(name)
    const icon = kind === 'agent' ? '&#10022;' : '&#128295;'
    const style = kind === 'tool' ? 'rounded,filled,dashed' : 'rounded,filled'
    const fill = marked(name) ? colors.mark : colors.fill
    lines.push(
      `  ${quote(name)} [label = <${icon} ${escapeHtml(name)}>, tooltip = ${quote(kind === 'agent' ? 'Agent' : 'Tool')}, style = ${quote(style)}, fillcolor = ${quote(fill)}];`,
    )
  }
  const edge = (from: string, to: string, dashed: boolean) => {
    const attributes = [dashed ? 'style = "dashed"' : '', markedEdge(from, to) ? 'penwidth = 3' : '']
      .filter(Boolean)
      .join(', ')
    lines.push(`  ${quote(from)} -> ${quote(to)}${attributes ? ` [${attributes}]` : ''};`)
  }
  const walk = (agent: AgentInfo) => {
    node(agent.name, 'agent')
    for (const tool of agent.tools ?? []) {
      node(tool.name, 'tool')
      edge(agent.name, tool.name, true)
    }
    for (const sub of agent.sub_agents ?? []) {
      walk(sub)
      edge(agent.name, sub.name, false)
    }
  }
  walk(root)
  lines.push('}')
  return lines.join('\n')
}

/** What to highlight for one event: the tools it calls or answers, or else its author. */
export function eventHighlights(event: Event): Highlight[] {
  const calls = getFunctionCalls(event)
  if (calls.length > 0) return calls.map((call) => [event.author, call.name ?? ''] as const)
  const responses = getFunctionResponses(event)
  if (responses.length > 0) return responses.map((response) => [response.name ?? '', event.author] as const)
  return [[event.author, '']]
}
