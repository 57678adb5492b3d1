import {
  DEFAULT_ROUTE,
  getFunctionCalls,
  getFunctionResponses,
  isBaseAgent,
  isLlmAgent,
  isWorkflow,
  ToolNode,
  type BaseNode,
  type Event,
} from '@adk-fluent/core'

/** What a node of an app is, as adk-web's graph routes name it. */
export type NodeKind = 'agent' | 'workflow' | 'function' | 'join' | 'tool' | 'start'

/** An edge of a workflow graph as `build_graph` describes it; `route` `'default'` is `DEFAULT_ROUTE`. */
export interface EdgeInfo {
  readonly from_node: { readonly name: string; readonly type: NodeKind }
  readonly to_node: { readonly name: string; readonly type: NodeKind }
  readonly route?: string | readonly string[]
}

/**
 * An agent (or workflow node) as adk-web's `build_graph` route describes it (snake_case, as ADK's server sends it):
 * agents with their tools and sub-agents, workflows with their graph.
 */
export interface AgentInfo {
  readonly name: string
  readonly type: NodeKind
  readonly description?: string
  readonly model?: string
  readonly tools?: readonly { readonly name: string; readonly type: 'tool' }[]
  readonly sub_agents?: readonly AgentInfo[]
  readonly rerun_on_resume?: boolean
  readonly graph?: { readonly nodes: readonly AgentInfo[]; readonly edges: readonly EdgeInfo[] }
}

/** The kind of a node: START, a workflow, an agent, a tool node, a join, or a function. */
export function nodeKind(node: BaseNode): NodeKind {
  if (node.name === '__START__') return 'start'
  if (isWorkflow(node)) return 'workflow'
  if (isBaseAgent(node)) return 'agent'
  if (node instanceof ToolNode) return 'tool'
  return node.requiresAllPredecessors ? 'join' : 'function'
}

/**
 * The tree of an agent: name, description, model name (when given as a string), tools and sub-agents; a workflow
 * with its graph (every node, every edge with its route).
 */
export function agentInfo(agent: BaseNode): AgentInfo {
  const info: {
    -readonly [K in keyof AgentInfo]: AgentInfo[K]
  } = { name: agent.name, type: nodeKind(agent) }
  if (agent.description) info.description = agent.description
  if (isLlmAgent(agent)) {
    if (typeof agent.model === 'string' && agent.model) info.model = agent.model
    const tools = agent.tools.filter((tool) => tool.name).map((tool) => ({ name: tool.name, type: 'tool' as const }))
    if (tools.length > 0) info.tools = tools
  }
  info.rerun_on_resume = agent.rerunOnResume
  if (isWorkflow(agent)) {
    const graph = agent.graph
    if (graph) {
      info.graph = {
        nodes: graph.nodes.map(agentInfo),
        edges: graph.edges.map((edge) => {
          const route = routeLabel(edge.route)
          const described = {
            from_node: { name: edge.fromNode.name, type: nodeKind(edge.fromNode) },
            to_node: { name: edge.toNode.name, type: nodeKind(edge.toNode) },
          }
          return route === undefined ? described : { ...described, route }
        }),
      }
    }
    return info
  }
  if (isBaseAgent(agent) && agent.subAgents.length > 0) info.sub_agents = agent.subAgents.map(agentInfo)
  return info
}

function routeLabel(route: unknown): string | string[] | undefined {
  if (route === null || route === undefined) return undefined
  const labels = (Array.isArray(route) ? route : [route]).map((value) =>
    value === DEFAULT_ROUTE ? 'default' : String(value),
  )
  return labels.length === 1 ? (labels[0] as string) : labels
}

/** A node's children: a workflow's graph nodes, an agent's sub-agents. */
export function childNodes(node: BaseNode): readonly BaseNode[] {
  if (isWorkflow(node)) return node.graph?.nodes ?? []
  return isBaseAgent(node) ? node.subAgents : []
}

/** The node at `path` (`root/child/grandchild`; the root's name may be left out), or `undefined`. */
export function agentAt(root: BaseNode, path: string): BaseNode | undefined {
  const names = path.split('/').filter((name) => name !== '')
  let current: BaseNode | undefined = root
  for (const [index, name] of names.entries()) {
    if (index === 0 && name === root.name) continue
    current = current ? childNodes(current).find((child) => child.name === name) : undefined
  }
  return current
}

/** Every workflow with a graph at or below `root`, by path (`''` for the root itself). */
export function workflowLevels(root: BaseNode, base = ''): Map<string, BaseNode> {
  const levels = new Map<string, BaseNode>()
  const visit = (node: BaseNode, path: string) => {
    if (isWorkflow(node) && node.graph) levels.set(path, node)
    for (const child of childNodes(node)) {
      if (child.name !== '__START__') visit(child, path ? `${path}/${child.name}` : child.name)
    }
  }
  visit(root, base)
  return levels
}

/** Pairs `[from, to]` to highlight: an agent and the tool it calls, or `[agent, '']` for the agent alone. */
export type Highlight = readonly [from: string, to: string]

const quote = (name: string) => JSON.stringify(name)
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The icon and Graphviz shape of each kind of node. */
const looks: Readonly<Record<NodeKind, { icon: string; shape: string; style: string }>> = {
  agent: { icon: '&#10022;', shape: 'rect', style: 'rounded,filled' },
  workflow: { icon: '&#8887;', shape: 'rect', style: 'rounded,filled' },
  function: { icon: '&#402;', shape: 'rect', style: 'rounded,filled' },
  join: { icon: '&#9013;', shape: 'oval', style: 'filled' },
  tool: { icon: '&#128295;', shape: 'rect', style: 'rounded,filled,dashed' },
  start: { icon: '', shape: 'oval', style: 'filled' },
}

/**
 * Graphviz DOT of an agent tree or a workflow level (what adk-web renders with its own Graphviz). An agent tree: a
 * box per agent, a dashed box per tool, an edge from each agent to its sub-agents and tools. A workflow: its nodes
 * (START an oval, a join an oval, a node whose edges are routed a diamond) and its edges, labelled with their routes;
 * its agent nodes' tools dashed. Highlighted nodes and edges are filled.
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
  const node = (name: string, kind: NodeKind, routed = false) => {
    if (seen.has(name)) return
    seen.add(name)
    const look = looks[kind]
    const fill = marked(name) ? colors.mark : colors.fill
    const label = kind === 'start' ? 'START' : `<${look.icon} ${escapeHtml(name)}>`
    const shape = routed ? 'diamond' : look.shape
    const tooltip = kind.charAt(0).toUpperCase() + kind.slice(1)
    lines.push(
      `  ${quote(name)} [label = ${kind === 'start' ? quote(label) : label}, tooltip = ${quote(tooltip)}, shape = ${quote(shape)}, style = ${quote(routed ? 'filled' : look.style)}, fillcolor = ${quote(fill)}];`,
    )
  }
  const edge = (from: string, to: string, dashed: boolean, label?: string) => {
    const attributes = [
      dashed ? 'style = "dashed"' : '',
      markedEdge(from, to) ? 'penwidth = 3' : '',
      label === undefined ? '' : `label = ${quote(label)}`,
    ]
      .filter(Boolean)
      .join(', ')
    lines.push(`  ${quote(from)} -> ${quote(to)}${attributes ? ` [${attributes}]` : ''};`)
  }
  const tools = (agent: AgentInfo) => {
    for (const tool of agent.tools ?? []) {
      node(tool.name, 'tool')
      edge(agent.name, tool.name, true)
    }
  }
  const walk = (agent: AgentInfo) => {
    node(agent.name, agent.type)
    tools(agent)
    for (const sub of agent.sub_agents ?? []) {
      walk(sub)
      edge(agent.name, sub.name, false)
    }
  }
  if (root.graph) {
    const edges = root.graph.edges
    for (const member of root.graph.nodes) {
      node(
        member.name,
        member.type,
        edges.some((e) => e.from_node.name === member.name && e.route !== undefined),
      )
      tools(member)
    }
    for (const flow of edges) {
      const route = flow.route === undefined ? undefined : [flow.route].flat().join(' | ')
      edge(flow.from_node.name, flow.to_node.name, false, route)
    }
  } else walk(root)
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
