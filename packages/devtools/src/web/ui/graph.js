// @ts-check
// The Graph tab: the pipeline's topology as SVG, with data-flow edges labelled by state key and contract issues
// marked on the agents they concern. Layout comes from the server (GET /api/graph).
import { h, svg } from './dom.js'

/** An edge: its routed path (from the server's layout) and its label in the box kept for it. */
function edgeElement(edge) {
  if (!edge.path) return null
  const marker = edge.kind === 'data' ? 'url(#arrow-data)' : 'url(#arrow)'
  const box = edge.labelBox
  return svg(
    'g',
    {
      class: `edge edge-${edge.kind}`,
      'data-kind': edge.kind,
      'data-from': edge.from,
      'data-to': edge.to,
      'data-label': edge.label ?? '',
    },
    svg('path', { d: edge.path, 'marker-end': marker }),
    edge.label && box
      ? svg('text', { x: box.x, y: box.y + box.h - 3, class: 'edge-label', 'data-fit': box.w + 2 }, edge.label)
      : null,
  )
}

/** Text in lines (`tspan`s) from (x, y), one line every `step` px; each line is fitted to `fit` px (see fitGraphText). */
function lines(list, x, y, step, attrs) {
  return svg(
    'text',
    attrs,
    list.map((line, index) => svg('tspan', { x, y: y + index * step, 'data-fit': attrs['data-fit'] }, line)),
  )
}

/**
 * Narrows any line of the graph's text that the page's font draws wider than the room the layout kept for it (the
 * layout estimates widths without a font), so no text leaves its box. Runs once the graph is visible.
 */
export function fitGraphText(container) {
  for (const text of container.querySelectorAll('svg.graph [data-fit]')) {
    if (text.tagName === 'text' && text.querySelector('tspan')) continue
    const room = Number(text.getAttribute('data-fit'))
    if (text.hasAttribute('textLength')) continue
    const drawn = text.getComputedTextLength()
    if (drawn > room && room > 0) {
      text.setAttribute('textLength', String(room))
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs')
    }
  }
}

/** How serious the issues of a box are: `error`, `warning`, `info` or `''` (none). */
function levelOf(issues) {
  for (const level of ['error', 'warning', 'info']) if (issues.some((issue) => issue.level === level)) return level
  return ''
}

/** The strokes of an `!` or an `i` centred on (x, y). */
function glyph(mark, x, y) {
  return mark === 'i' ? `M${x},${y - 4} v0.5 M${x},${y - 1} v5` : `M${x},${y - 4.5} v5 M${x},${y + 3.5} v0.5`
}

/** A box's badge and tooltip for its issues (a build issue counts as an error). */
function issueMarks(box, issues, level) {
  if (!issues.length) return []
  return [
    svg(
      'g',
      { class: 'issue-badge' },
      svg('circle', { cx: box.x + box.w - 2, cy: box.y + 2, r: 8 }),
      // The mark is drawn, not written: the graph's only text is its labels.
      svg('path', { class: 'issue-glyph', d: glyph(level === 'info' ? 'i' : '!', box.x + box.w - 2, box.y + 2) }),
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
  const { width, height } = graph
  const root = svg(
    'svg',
    { class: 'graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'agent graph' },
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
        lines(group.lines, group.x + 10, group.y + 15, 15, { class: 'group-label', 'data-fit': group.w - 20 }),
        issueMarks(group, issues, level),
      )
    }),
    graph.edges.filter((edge) => edge.kind !== 'data').map(edgeElement),
    graph.nodes.map((node) => {
      const { issues, level, classes } = flags(node.id)
      const top = node.y + (node.h - node.lines.length * 15) / 2
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
        lines(node.lines, node.x + node.w / 2, top + 11, 15, {
          'text-anchor': 'middle',
          class: 'node-label',
          'data-fit': node.w - 12,
        }),
        issueMarks(node, issues, level),
      )
    }),
    graph.edges.filter((edge) => edge.kind === 'data').map(edgeElement),
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
  fitGraphText(container)
}
