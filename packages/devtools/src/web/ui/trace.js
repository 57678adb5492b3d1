// @ts-check
// The timeline of a run: one row per trace entry (user turn, model call, tool call and result, text, state diff,
// error, end). Clicking a model call shows its exact request and response in the detail pane.
import { brief, h, pretty } from './dom.js'

function usageText(usage) {
  if (!usage) return 'tokens: n/a'
  return `tokens: ${usage.prompt ?? '?'} in / ${usage.response ?? '?'} out`
}

function showValue(value) {
  return value === undefined ? '∅' : brief(value, 80)
}

/** The detail pane of a model call: timing, usage, the request exactly as the model received it, the response. */
export function callDetail(entry) {
  return h(
    'div',
    { class: 'call-detail', 'data-call': entry.call },
    h('h3', {}, `Model call #${entry.call} · ${entry.agent}`),
    h('p', { class: 'muted' }, `${entry.durationMs} ms · ${usageText(entry.usage)}`),
    h('h4', {}, 'Request (exactly what the model received)'),
    h('pre', { class: 'json request-json' }, pretty(entry.request)),
    h('h4', {}, entry.error ? 'Error' : 'Response'),
    entry.error
      ? h('pre', { class: 'json error-text' }, entry.error)
      : h('pre', { class: 'json response-json' }, pretty(entry.response)),
  )
}

/** One row for an entry (live entries carry `id`; replayed rows do not). */
export function rowFor(entry, onSelect) {
  const base = (kind, ...children) =>
    h('div', { class: `row row-${kind}`, 'data-kind': kind, 'data-id': entry.id ?? '' }, ...children)
  const who = (agent) => h('span', { class: 'who' }, agent)
  switch (entry.kind) {
    case 'user':
      return base('user', who('you'), h('span', { class: 'body' }, entry.text))
    case 'llm-start':
      return base(
        'llm-start',
        h('span', { class: 'tag' }, `model call #${entry.call}`),
        who(entry.agent),
        h('span', { class: 'muted' }, 'calling…'),
      )
    case 'llm-call': {
      const row = base(
        'llm-call',
        h('span', { class: 'tag' }, `model call #${entry.call}`),
        who(entry.agent),
        h('span', { class: 'muted' }, `${entry.durationMs} ms · ${usageText(entry.usage)}`),
        entry.error ? h('span', { class: 'error-text' }, ' failed') : null,
      )
      row.dataset.call = String(entry.call)
      row.addEventListener('click', () => onSelect(entry, row))
      return row
    }
    case 'tool-call':
      return base(
        'tool-call',
        h('span', { class: 'tag' }, 'tool call'),
        who(entry.agent),
        h('code', {}, `${entry.name}(${brief(entry.args)})`),
      )
    case 'tool-result':
      return base(
        'tool-result',
        h('span', { class: 'tag' }, 'tool result'),
        who(entry.name),
        h('code', {}, brief(entry.response)),
      )
    case 'text':
      return base('text', who(entry.agent), h('span', { class: 'body' }, entry.text))
    case 'state':
      return base(
        'state',
        h('span', { class: 'tag' }, 'state'),
        who(entry.agent),
        h(
          'span',
          { class: 'diff' },
          entry.changes.map((change) =>
            h(
              'span',
              { class: 'change', 'data-key': change.key },
              h('b', {}, change.key),
              `: ${showValue(change.before)} → ${showValue(change.after)}`,
            ),
          ),
        ),
      )
    case 'error':
      return base(
        'error',
        h('span', { class: 'tag' }, 'error'),
        who(entry.agent || 'run'),
        h('span', { class: 'body' }, `${entry.code}: ${entry.message}`),
      )
    case 'end':
      return base(
        'end',
        h('span', { class: 'muted' }, `${entry.ok ? 'done' : 'ended with an error'} in ${entry.durationMs} ms`),
      )
    default:
      return base('other', pretty(entry))
  }
}

/** A timeline in `list` with its detail pane `detail`; `add(entry)` appends or completes a row. */
export function createTimeline(list, detail) {
  const select = (entry, row) => {
    for (const other of list.querySelectorAll('.row.selected')) other.classList.remove('selected')
    row.classList.add('selected')
    detail.replaceChildren(callDetail(entry))
  }
  return {
    add(entry) {
      const row = rowFor(entry, select)
      // A finished model call replaces its "calling…" row.
      const pending =
        entry.kind === 'llm-call'
          ? list.querySelector(`.row-llm-start[data-run="${entry.runId}"][data-call="${entry.call}"]`)
          : null
      if (entry.runId) row.dataset.run = entry.runId
      if (entry.kind === 'llm-start') row.dataset.call = String(entry.call)
      if (pending) pending.replaceWith(row)
      else list.append(row)
      // A turn that ended leaves no call at "calling…": one still waiting got no answer (the run failed first).
      if (entry.kind === 'end' && entry.runId)
        for (const waiting of list.querySelectorAll(`.row-llm-start[data-run="${entry.runId}"] .muted`)) {
          waiting.textContent = 'no answer: the turn ended'
          waiting.className = 'error-text'
        }
      row.scrollIntoView({ block: 'nearest' })
    },
    clear() {
      list.replaceChildren()
      detail.replaceChildren(h('p', { class: 'muted' }, 'Click a model call to see its exact request and response.'))
    },
  }
}
