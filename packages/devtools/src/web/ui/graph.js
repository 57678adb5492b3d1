// @ts-check
// The Graph tab: the pipeline's topology as SVG, with data-flow edges labelled by state key and contract issues
// marked on the agents they concern. Layout comes from the server (GET /api/graph).
import { h, svg } from './dom.js'

const center = (box) => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 })

function controlPath(from, to) {
  if (to.y >= from.y + from.h) {
    const a = { x: from.x + from.w / 2, y: from.y + from.h }
    const b = { x: to.x + to.w / 2, y: to.y }
    const mid = (a.y + b.y) / 2
    return { d: `M${a.x},${a.y} C${a.x},${mid} ${b.x},${mid} ${b.x},${b.y}`, label: { x: (a.x + b.x) / 2, y: mid } }
  }
  const a = { x: from.x + from.w, y: from.y + from.h / 2 }
  const b = { x: to.x, y: to.y + to.h / 2 }
  return { d: `M${a.x},${a.y} L${b.x},${b.y}`, label: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 4 } }
}

function repeatPath(from, to) {
  const a = { x: from.x, y: from.y + from.h / 2 }
  const b = { x: to.x, y: to.y + to.h / 2 }
  const bend = Math.min(a.x, b.x) - 36
  return {
    d: `M${a.x},${a.y} C${bend},${a.y} ${bend},${b.y} ${b.x},${b.y}`,
    label: { x: bend + 8, y: (a.y + b.y) / 2 },
  }
}

function dataPath(from, to, index) {
  const a = { x: from.x + from.w, y: from.y + from.h / 2 }
  const b = { x: to.x + to.w, y: to.y + to.h / 2 }
  const bulge = Math.max(a.x, b.x) + 40 + (index % 3) * 18
  // Midpoint of the cubic curve, where the label goes.
  const mx = 0.125 * a.x + 0.75 * bulge + 0.125 * b.x
  const my = (a.y + b.y) / 2
  return { d: `M${a.x},${a.y} C${bulge},${a.y} ${bulge},${b.y} ${b.x},${b.y}`, label: { x: mx + 4, y: my } }
}

function edgeElement(edge, boxes, index) {
  const from = boxes.get(edge.from)
  const to = boxes.get(edge.to)
  if (!from || !to) return null
  const path =
    edge.kind === 'data'
      ? dataPath(from, to, index)
      : edge.kind === 'repeat'
        ? repeatPath(from, to)
        : controlPath(from, to)
  const marker = edge.kind === 'data' ? 'url(#arrow-data)' : 'url(#arrow)'
  return svg(
    'g',
    {
      class: `edge edge-${edge.kind}`,
      'data-kind': edge.kind,
      'data-from': edge.from,
      'data-to': edge.to,
      'data-label': edge.label ?? '',
    },
    svg('path', { d: path.d, 'marker-end': marker }),
    edge.label ? svg('text', { x: path.label.x, y: path.label.y, class: 'edge-label' }, edge.label) : null,
  )
}

/** How serious the issues of a box are: `error`, `warning`, `info` or `''` (none). */
function levelOf(issues) {
  for (const level of ['error', 'warning', 'info']) if (issues.some((issue) => issue.level === level)) return level
  return ''
}

/** A box's badge and tooltip for its issues (a build issue counts as an error). */
function issueMarks(box, issues, level) {
  if (!issues.length) return []
  return [
    svg(
      'g',
      { class: 'issue-badge' },
      svg('circle', { cx: box.x + box.w - 2, cy: box.y + 2, r: 8 }),
      svg('text', { x: box.x + box.w - 2, y: box.y + 6, 'text-anchor': 'middle' }, level === 'info' ? 'i' : '!'),
    ),
    svg('title', {}, issues.map((issue) => `${issue.level}: ${issue.message}`).join('\n')),
  ]
}

/** One build issue: its code, the agent (and state key) it concerns, what is wrong and how to fix it. */
function buildIssueItem(issue) {
  return h(
    'li',
    { class: 'build-issue', 'data-code': issue.code, 'data-agent': issue.agent, 'data-nodes': issue.nodes.join(' ') },
    h('code', { class: 'issue-code' }, issue.code),
    ' ',
    h('b', {}, issue.agent || '(tree)'),
    issue.key ? h('span', { class: 'issue-key' }, ` · state key "${issue.key}"`) : null,
    h('div', {}, issue.message),
    issue.hint ? h('div', { class: 'hint' }, issue.hint) : null,
    h('div', { class: 'muted issue-path' }, issue.path.join('.')),
  )
}

/** Why the tree does not build: every build issue, or the one error that stopped it. */
function buildProblem(graph) {
  if (graph.buildError === null) return null
  const list = graph.buildIssues.length
    ? h('ul', { class: 'build-issues' }, graph.buildIssues.map(buildIssueItem))
    : h('pre', { class: 'error-text build-error-text' }, graph.buildError)
  const count = graph.buildIssues.length
  return h(
    'section',
    { class: 'build-problem' },
    h('h3', {}, count ? `Build issues (${count}) — the tree does not build` : 'The tree does not build'),
    list,
  )
}

/** Draws the graph into `container`; `onAgent(name)` is called when an agent node is clicked. */
export function renderGraph(container, graph, onAgent) {
  const boxes = new Map([...graph.groups, ...graph.nodes].map((item) => [item.id, item]))
  const issuesOf = new Map()
  const mark = (id, issue) => issuesOf.set(id, [...(issuesOf.get(id) ?? []), issue])
  for (const issue of graph.issues) for (const id of issue.nodes) mark(id, issue)
  for (const issue of graph.buildIssues)
    for (const id of issue.nodes) mark(id, { level: 'error', message: `${issue.code}: ${issue.message}`, build: true })
  const flags = (id) => {
    const issues = issuesOf.get(id) ?? []
    const level = levelOf(issues)
    return {
      issues,
      level,
      classes: `${level ? ` issue-${level}` : ''}${issues.some((issue) => issue.build) ? ' build-issue' : ''}`,
    }
  }
  const width = graph.width + 80
  const height = graph.height + 20
  const root = svg(
    'svg',
    { class: 'graph', viewBox: `-40 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'agent graph' },
    svg(
      'defs',
      {},
      svg(
        'marker',
        {
          id: 'arrow',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow' }),
      ),
      svg(
        'marker',
        {
          id: 'arrow-data',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-data' }),
      ),
    ),
    graph.groups.map((group) => {
      const { issues, level, classes } = flags(group.id)
      return svg(
        'g',
        { class: `group kind-${group.kind.toLowerCase()}${classes}`, 'data-id': group.id, 'data-name': group.name },
        svg('rect', { x: group.x, y: group.y, width: group.w, height: group.h, rx: 10 }),
        svg('text', { x: group.x + 10, y: group.y + 17, class: 'group-label' }, group.label),
        issueMarks(group, issues, level),
      )
    }),
    graph.edges.filter((edge) => edge.kind !== 'data').map((edge, index) => edgeElement(edge, boxes, index)),
    graph.nodes.map((node) => {
      const { issues, level, classes } = flags(node.id)
      const c = center(node)
      const clickable = node.kind === 'Agent'
      return svg(
        'g',
        {
          class: `node kind-${node.kind.toLowerCase()}${classes}${clickable ? ' clickable' : ''}`,
          'data-id': node.id,
          'data-name': node.name,
          'data-label': node.label,
          onclick: clickable ? () => onAgent(node.name) : undefined,
        },
        svg('rect', { x: node.x, y: node.y, width: node.w, height: node.h, rx: node.kind === 'State' ? 18 : 6 }),
        svg('text', { x: c.x, y: c.y + 4, 'text-anchor': 'middle', class: 'node-label' }, node.label),
        issueMarks(node, issues, level),
      )
    }),
    graph.edges.filter((edge) => edge.kind === 'data').map((edge, index) => edgeElement(edge, boxes, index)),
  )
  // An error the checker finds is also a build issue: listed once, with the build issues.
  const listed = graph.issues.filter(
    (issue) =>
      !graph.buildIssues.some(
        (built) => built.path.join('.') === issue.path.join('.') && built.message.startsWith(issue.message),
      ),
  )
  const issueList = listed.length
    ? h(
        'ul',
        { class: 'issues' },
        listed.map((issue) =>
          h(
            'li',
            { class: `issue issue-${issue.level}` },
            h('b', {}, `${issue.level} · ${issue.agent}: `),
            issue.message,
            issue.hint ? h('div', { class: 'hint' }, issue.hint) : null,
          ),
        ),
      )
    : h('p', { class: 'muted' }, 'No contract issues.')
  const legend = h(
    'p',
    { class: 'legend' },
    h('span', { class: 'key-control' }, '── run order'),
    h('span', { class: 'key-data' }, '┄┄ state key: writer → reader'),
    'Click an agent to see what its model receives.',
  )
  container.replaceChildren(
    h(
      'div',
      { class: 'graph-wrap' },
      graph.graphError === null ? root : h('p', { class: 'error-text graph-error' }, graph.graphError),
    ),
    h(
      'aside',
      { class: 'graph-side' },
      buildProblem(graph),
      legend,
      h('h3', {}, 'Contract issues'),
      issueList,
      h('details', {}, h('summary', {}, 'Mermaid'), h('pre', { class: 'mermaid-src' }, graph.mermaid)),
    ),
  )
}
