// @ts-check
// The Anatomy tab: for the agent clicked in the graph, its symbolic anatomy and — for a given state and message —
// the exact requests the preview computes, with every part that comes from state marked by its key.
import { api } from './api.js'
import { h, messageOf } from './dom.js'

/** The request text with the stretches that come from state wrapped in <mark data-key>. */
export function markedRequest(text, marks) {
  const pieces = []
  let at = 0
  for (const mark of marks) {
    if (mark.start < at) continue
    pieces.push(text.slice(at, mark.start))
    pieces.push(
      h(
        'mark',
        { class: 'from-state', 'data-key': mark.key, title: `from state['${mark.key}']` },
        text.slice(mark.start, mark.end),
      ),
    )
    at = mark.end
  }
  pieces.push(text.slice(at))
  return h('pre', { class: 'json request-json' }, pieces)
}

function parseState(text) {
  const value = text.trim() === '' ? {} : JSON.parse(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('State must be a JSON object such as {"topic": "bees"}.')
  return value
}

/**
 * Builds the tab; returns `select(agentName)`. For a tree that does not build (`builds` false) each agent shows its
 * build issues, and the preview runs the picked agent alone.
 */
export function createAnatomy(container, agents, { buildIssues = [], builds = true } = {}) {
  const list = h('ul', { class: 'agent-list' })
  const symbolic = h('pre', { class: 'anatomy-text' }, agents.length ? 'Pick an agent.' : 'No LLM agents to show.')
  const agentIssues = h('ul', { class: 'agent-build-issues', hidden: true })
  const stateInput = h(
    'textarea',
    { class: 'state-input', rows: 4, spellcheck: 'false', 'aria-label': 'state (JSON)' },
    '{}',
  )
  const messageInput = h('input', {
    class: 'message-input',
    type: 'text',
    placeholder: 'user message',
    'aria-label': 'user message',
  })
  const problem = h('p', { class: 'error-text', hidden: true })
  const calls = h('div', { class: 'preview-calls' })
  let current = agents[0]

  async function preview() {
    problem.hidden = true
    try {
      const result = await api('/api/preview', {
        state: parseState(stateInput.value),
        message: messageInput.value,
        ...(current === undefined ? {} : { agent: current }),
      })
      if (result.error) throw new Error(result.error)
      const mine = result.calls.filter((call) => call.agent === current)
      // A preview of an agent nobody picked yet (Preview pressed first) shows that agent's anatomy too.
      if (current !== undefined && symbolic.dataset.agent !== current) void showSymbolic(current)
      const shown = mine.length ? mine : result.calls
      calls.replaceChildren(
        h(
          'p',
          { class: 'muted preview-scope' },
          result.alone
            ? `The agent tree does not build, so the preview ran ${result.alone} alone on stand-in models, with the state above (no earlier step wrote any): ${result.calls.length} model call(s).`
            : `The preview ran the whole turn on stand-in models: ${result.calls.length} model call(s); ${mine.length} by ${current}.`,
        ),
        ...shown.map((call) =>
          h(
            'div',
            { class: 'preview-call', 'data-agent': call.agent, 'data-index': call.index },
            h(
              'h4',
              {},
              `Call ${call.index} of the run · ${call.agent} (its call ${call.callNumber})`,
              call.marks.length ? h('span', { class: 'muted' }, ` · ${call.marks.length} part(s) from state`) : null,
            ),
            markedRequest(call.text, call.marks),
            h(
              'details',
              {},
              h('summary', {}, 'Stand-in reply'),
              h('pre', { class: 'json' }, JSON.stringify(call.reply, null, 2)),
            ),
          ),
        ),
      )
    } catch (error) {
      problem.textContent = messageOf(error)
      problem.hidden = false
    }
  }

  /** The symbolic anatomy of `name`, with its agent selected in the list (the "Pick an agent." hint goes). */
  async function showSymbolic(name) {
    for (const item of list.children) item.classList.toggle('selected', item.dataset.agent === name)
    symbolic.dataset.agent = name
    const mine = buildIssues.filter((issue) => issue.agent === name)
    agentIssues.replaceChildren(
      ...mine.map((issue) =>
        h('li', { class: 'error-text', 'data-code': issue.code }, `${issue.code}: ${issue.message}`),
      ),
    )
    agentIssues.hidden = mine.length === 0
    try {
      symbolic.textContent = (await api(`/api/anatomy/${encodeURIComponent(name)}`)).text
    } catch (error) {
      symbolic.textContent = messageOf(error)
    }
  }

  async function select(name) {
    current = name
    await showSymbolic(name)
    await preview()
  }

  list.append(...agents.map((name) => h('li', { 'data-agent': name, onclick: () => select(name) }, name)))
  container.replaceChildren(
    h(
      'div',
      { class: 'anatomy' },
      h('aside', {}, h('h3', {}, 'LLM agents'), list),
      h(
        'div',
        { class: 'anatomy-main' },
        h('h3', {}, 'Symbolic anatomy'),
        agentIssues,
        symbolic,
        h(
          'h3',
          {},
          builds ? 'Exact requests of the pipeline preview' : 'Exact requests of the picked agent, run alone',
        ),
        h(
          'form',
          {
            class: 'preview-form',
            hidden: agents.length === 0,
            onsubmit: (event) => {
              event.preventDefault()
              void preview()
            },
          },
          h('label', {}, 'State ', stateInput),
          h('label', {}, 'Message ', messageInput),
          h('button', { type: 'submit' }, 'Preview'),
        ),
        problem,
        calls,
      ),
    ),
  )
  return { select }
}
