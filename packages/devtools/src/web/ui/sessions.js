// @ts-check
// The Sessions tab: list stored sessions, replay one step by step, continue it in the chat, or add it to memory.
import { api } from './api.js'
import { h, messageOf, pretty } from './dom.js'
import { rowFor } from './trace.js'

function when(ms) {
  return new Date(ms).toLocaleString()
}

/** Builds the tab; returns `refresh()`. */
export function createSessions(container, { onContinue }) {
  const table = h('tbody')
  const replay = h('div', { class: 'replay' })

  const remembered = h('span', { class: 'muted remembered' })

  async function remember(id) {
    try {
      const { memories } = await api(`/api/sessions/${encodeURIComponent(id)}/memory`, {})
      remembered.textContent = `added: ${memories} ${memories === 1 ? 'memory' : 'memories'} (events with text)`
    } catch (error) {
      remembered.textContent = messageOf(error)
    }
  }

  async function openReplay(id) {
    remembered.textContent = ''
    const session = await api(`/api/sessions/${encodeURIComponent(id)}`)
    const steps = session.steps
    let at = steps.length === 0 ? 0 : 1
    const rows = h('div', { class: 'timeline' })
    const state = h('pre', { class: 'json state-view' })
    const counter = h('span', { class: 'step-counter' })
    const draw = () => {
      counter.textContent = `step ${at} of ${steps.length}`
      rows.replaceChildren(
        ...steps.slice(0, at).flatMap((step, index) =>
          step.rows.map((row) => {
            const element = rowFor(row, () => undefined)
            element.dataset.step = String(index + 1)
            return element
          }),
        ),
      )
      state.textContent = pretty(at === 0 ? {} : steps[at - 1].state)
    }
    const go = (next) => () => {
      at = Math.max(0, Math.min(steps.length, next()))
      draw()
    }
    replay.replaceChildren(
      h('h3', {}, `Replay of ${session.id}`),
      h(
        'div',
        { class: 'replay-controls' },
        h('button', { type: 'button', class: 'first', onclick: go(() => 0) }, '⏮'),
        h('button', { type: 'button', class: 'prev', onclick: go(() => at - 1) }, '◀ Step'),
        counter,
        h('button', { type: 'button', class: 'next', onclick: go(() => at + 1) }, 'Step ▶'),
        h('button', { type: 'button', class: 'last', onclick: go(() => steps.length) }, '⏭'),
        h('button', { type: 'button', onclick: () => onContinue(session.id) }, 'Continue in chat'),
        h('button', { type: 'button', class: 'remember', onclick: () => remember(session.id) }, 'Add to memory'),
        remembered,
      ),
      h('div', { class: 'replay-body' }, rows, h('aside', {}, h('h4', {}, 'State after this step'), state)),
    )
    draw()
  }

  async function refresh() {
    const { sessions } = await api('/api/sessions')
    table.replaceChildren(
      ...sessions.map((session) =>
        h(
          'tr',
          { 'data-session': session.id },
          h('td', {}, h('code', {}, session.id)),
          h('td', {}, String(session.eventCount)),
          h('td', {}, when(session.lastUpdateTime)),
          h(
            'td',
            {},
            h('button', { type: 'button', class: 'open', onclick: () => openReplay(session.id) }, 'Replay'),
            h('button', { type: 'button', class: 'continue', onclick: () => onContinue(session.id) }, 'Continue'),
          ),
        ),
      ),
    )
    if (sessions.length === 0)
      table.replaceChildren(
        h('tr', {}, h('td', { colspan: 4, class: 'muted' }, 'No sessions yet: send a message in Chat.')),
      )
  }

  container.replaceChildren(
    h(
      'div',
      { class: 'sessions' },
      h(
        'div',
        { class: 'sessions-head' },
        h('h3', {}, 'Sessions'),
        h('button', { type: 'button', onclick: refresh }, 'Refresh'),
      ),
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', {}, 'id'), h('th', {}, 'events'), h('th', {}, 'updated'), h('th', {}, ''))),
        table,
      ),
      replay,
    ),
  )
  return { refresh }
}
