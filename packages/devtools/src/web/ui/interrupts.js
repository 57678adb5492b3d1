// @ts-check
// The inbox of the Chat tab: what a paused run waits for (approvals, input, long-running results), answered here one
// by one or all at once; the answered run then goes on in the chat (see docs/web-api.md, /api/sessions/{id}/interrupts).
import { api } from './api.js'
import { brief, h, messageOf, pretty } from './dom.js'

/** True when a reply schema asks for JSON (an object or an array), not a plain value. */
function wantsJson(schema) {
  const type = schema && schema.type
  return type === 'object' || type === 'array'
}

/** The value typed in a field: JSON when `json` (a parse error is said as such), else the text as it is. */
function valueOf(text, json, what) {
  if (!json) return text
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${what} must be JSON: ${messageOf(error)}`)
  }
}

/**
 * Builds the inbox; `answered(runId)` follows the run the answers started. Returns the element and `show(sessionId)`,
 * which reads the session's pending interrupts and lists them (nothing when there are none).
 */
export function createInbox(answered) {
  const element = h('section', { class: 'inbox', hidden: true, 'aria-label': 'pending interrupts' })
  let sessionId
  let pending = []

  async function send(answers, problem, buttons) {
    problem.hidden = true
    for (const button of buttons) button.disabled = true
    try {
      const { runId } = await api(`/api/sessions/${encodeURIComponent(sessionId)}/interrupts`, { answers })
      element.hidden = true
      await answered(runId)
    } catch (error) {
      problem.textContent = messageOf(error)
      problem.hidden = false
      for (const button of buttons) button.disabled = false
    }
  }

  /** One interrupt: what it asks and its answer controls. */
  function item(interrupt) {
    const problem = h('p', { class: 'error-text inbox-error', hidden: true })
    const call = interrupt.tool ? `${interrupt.tool}(${brief(interrupt.args ?? {})})` : ''
    const head = h('div', { class: 'inbox-head' }, h('span', { class: 'tag' }, interrupt.kind), h('code', {}, call))
    const row = (...children) =>
      h('div', { class: 'inbox-item', 'data-id': interrupt.id, 'data-kind': interrupt.kind }, head, ...children)
    if (interrupt.kind === 'confirmation') {
      const payload = h('input', { type: 'text', class: 'inbox-payload', placeholder: 'payload (JSON, optional)' })
      const decide = (confirmed) => {
        let answer = confirmed
        try {
          if (payload.value.trim() !== '') answer = { confirmed, payload: valueOf(payload.value, true, 'The payload') }
        } catch (error) {
          problem.textContent = messageOf(error)
          problem.hidden = false
          return
        }
        void send({ [interrupt.id]: answer }, problem, [approve, refuse])
      }
      const approve = h('button', { type: 'button', class: 'approve', onclick: () => decide(true) }, 'Approve')
      const refuse = h('button', { type: 'button', class: 'refuse', onclick: () => decide(false) }, 'Refuse')
      return row(
        interrupt.message ? h('p', { class: 'inbox-message' }, interrupt.message) : null,
        h('div', { class: 'inbox-actions' }, payload, approve, refuse),
        problem,
      )
    }
    const json = interrupt.kind === 'long_running' || wantsJson(interrupt.responseSchema)
    const field = h('textarea', {
      class: 'inbox-reply',
      rows: 2,
      'aria-label': interrupt.kind === 'input' ? 'reply' : 'result',
      placeholder: json ? 'JSON' : 'reply',
    })
    const submit = h(
      'button',
      {
        type: 'button',
        class: 'reply',
        onclick: () => {
          try {
            const what = interrupt.kind === 'input' ? 'The reply' : 'The result'
            void send({ [interrupt.id]: valueOf(field.value, json, what) }, problem, [submit])
          } catch (error) {
            problem.textContent = messageOf(error)
            problem.hidden = false
          }
        },
      },
      interrupt.kind === 'input' ? 'Reply' : 'Send result',
    )
    return row(
      interrupt.message ? h('p', { class: 'inbox-message' }, interrupt.message) : null,
      interrupt.responseSchema ? h('pre', { class: 'json inbox-schema' }, pretty(interrupt.responseSchema)) : null,
      h('div', { class: 'inbox-actions' }, field, submit),
      problem,
    )
  }

  function render() {
    element.hidden = pending.length === 0
    if (pending.length === 0) return element.replaceChildren()
    const problem = h('p', { class: 'error-text inbox-error', hidden: true })
    const confirmations = pending.filter((interrupt) => interrupt.kind === 'confirmation')
    const everyone = (confirmed) => () =>
      void send(Object.fromEntries(confirmations.map((interrupt) => [interrupt.id, confirmed])), problem, [])
    element.replaceChildren(
      h('h3', {}, `The run waits for ${pending.length === 1 ? 'an answer' : `${pending.length} answers`}`),
      ...pending.map(item),
      confirmations.length > 1
        ? h(
            'div',
            { class: 'inbox-all' },
            h('button', { type: 'button', class: 'approve-all', onclick: everyone(true) }, 'Approve all'),
            h('button', { type: 'button', class: 'refuse-all', onclick: everyone(false) }, 'Refuse all'),
          )
        : null,
      problem,
    )
  }

  async function show(id) {
    sessionId = id
    pending = id === undefined ? [] : (await api(`/api/sessions/${encodeURIComponent(id)}/interrupts`)).interrupts
    render()
  }

  return { element, show }
}
