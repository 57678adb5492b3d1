// @ts-check
// The Chat tab: send a message in the current session and watch the run live (server-sent events).
import { api, followRun } from './api.js'
import { h, messageOf, pretty } from './dom.js'
import { createInbox } from './interrupts.js'
import { createTimeline } from './trace.js'

/** Builds the tab; returns `open(sessionId)` to continue a stored session. */
export function createChat(container, { chatOff, offline, onSessionsChanged }) {
  const chatEnabled = !chatOff
  const list = h('div', { class: 'timeline', 'aria-live': 'polite' })
  const detail = h('div', { class: 'detail' })
  const statePane = h('pre', { class: 'json state-view' }, '{}')
  const sessionLabel = h('code', { class: 'session-id' }, '(new session on first message)')
  const input = h('input', {
    type: 'text',
    class: 'chat-input',
    placeholder: chatEnabled ? 'Message…' : 'Chat is off (see below)',
    'aria-label': 'message',
    disabled: !chatEnabled,
  })
  const send = h('button', { type: 'submit', class: 'send', disabled: !chatEnabled }, 'Send')
  const problem = h('p', { class: 'error-text', hidden: true })
  const timeline = createTimeline(list, detail)
  const seen = new Set()
  let sessionId
  let state = {}
  // A paused run's interrupts, answered here: the answers' run is followed in this timeline, then the inbox re-read.
  const inbox = createInbox(async (runId) => {
    await followRun(runId, add, seen)
    await inbox.show(sessionId)
    onSessionsChanged()
  })

  const showState = () => (statePane.textContent = pretty(state))
  const add = (entry) => {
    if (entry.kind === 'state')
      for (const change of entry.changes)
        change.after === undefined ? delete state[change.key] : (state[change.key] = change.after)
    timeline.add(entry)
    showState()
  }

  async function submit(event) {
    event.preventDefault()
    const text = input.value.trim()
    if (!text) return
    problem.hidden = true
    send.disabled = true
    try {
      if (!sessionId) {
        sessionId = (await api('/api/sessions', {})).id
        sessionLabel.textContent = sessionId
      }
      const { runId } = await api(`/api/sessions/${encodeURIComponent(sessionId)}/runs`, { text })
      input.value = ''
      await followRun(runId, add, seen)
      await inbox.show(sessionId)
      onSessionsChanged()
    } catch (error) {
      problem.textContent = messageOf(error)
      problem.hidden = false
    } finally {
      send.disabled = !chatEnabled
    }
  }

  function reset() {
    sessionId = undefined
    state = {}
    seen.clear()
    sessionLabel.textContent = '(new session on first message)'
    timeline.clear()
    showState()
    void inbox.show(undefined)
  }

  async function open(id) {
    reset()
    const session = await api(`/api/sessions/${encodeURIComponent(id)}`)
    sessionId = session.id
    sessionLabel.textContent = sessionId
    if (session.runs.length === 0) {
      // Stored elsewhere: show what its events say.
      for (const step of session.steps) for (const row of step.rows) timeline.add(row)
    }
    for (const run of session.runs)
      for (const entry of run.entries)
        if (!seen.has(`${entry.runId}:${entry.id}`)) (seen.add(`${entry.runId}:${entry.id}`), timeline.add(entry))
    state = { ...session.state }
    showState()
    const running = session.runs.find((run) => !run.finished)
    if (running) await followRun(running.runId, add, seen)
    await inbox.show(sessionId)
  }

  container.replaceChildren(
    h(
      'div',
      { class: 'chat' },
      h(
        'div',
        { class: 'chat-main' },
        h(
          'div',
          { class: 'chat-bar' },
          'Session ',
          sessionLabel,
          h('button', { type: 'button', class: 'new-session', onclick: reset }, 'New session'),
        ),
        list,
        inbox.element,
        h('form', { class: 'chat-form', onsubmit: submit }, input, send),
        chatOff ? h('p', { class: 'error-text chat-off' }, chatOff) : null,
        offline
          ? h(
              'p',
              { class: 'muted offline-note' },
              "Offline: the module's mockScript answers, and every turn replays it from its first reply.",
            )
          : null,
        problem,
      ),
      h('aside', { class: 'chat-side' }, detail, h('h3', {}, 'State'), statePane),
    ),
  )
  timeline.clear()
  return { open }
}
