// @ts-check
// The Memory tab: search the user's long-term memory as the memory tools do (GET /api/memories), and see each
// memory's time, author and text.
import { api } from './api.js'
import { h, messageOf } from './dom.js'

function text(memory) {
  return (memory.content.parts ?? [])
    .map((part) => part.text ?? '')
    .filter((part) => part !== '')
    .join(' ')
}

/** Builds the tab; returns `search(query)`. */
export function createMemory(container, { store }) {
  const input = h('input', {
    type: 'search',
    class: 'memory-query',
    placeholder: 'words to look for',
    'aria-label': 'query',
  })
  const status = h(
    'p',
    { class: 'muted memory-status' },
    'Type words: memories sharing any of them are listed, oldest first.',
  )
  const list = h('tbody')

  async function search(query) {
    input.value = query
    const { memories } = await api(`/api/memories?query=${encodeURIComponent(query)}&limit=50`)
    status.textContent =
      memories.length === 0
        ? `No memory shares a word with "${query}".`
        : `${memories.length} ${memories.length === 1 ? 'memory' : 'memories'} (the newest 50 at most), oldest first.`
    list.replaceChildren(
      ...memories.map((memory) =>
        h(
          'tr',
          { class: 'memory' },
          h('td', {}, memory.timestamp ? new Date(memory.timestamp).toLocaleString() : ''),
          h('td', {}, h('code', {}, memory.author ?? '')),
          h('td', { class: 'memory-text' }, text(memory)),
        ),
      ),
    )
  }

  const form = h(
    'form',
    {
      class: 'memory-search',
      onsubmit: (event) => {
        event.preventDefault()
        void search(input.value).catch((error) => (status.textContent = messageOf(error)))
      },
    },
    input,
    h('button', { type: 'submit' }, 'Search'),
  )
  container.replaceChildren(
    h(
      'div',
      { class: 'memory-view' },
      h('h3', {}, 'Memory'),
      h('p', { class: 'muted' }, `Stored in ${store}. Add a session from the Sessions tab (Add to memory).`),
      form,
      status,
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', {}, 'time'), h('th', {}, 'author'), h('th', {}, 'text'))),
        list,
      ),
    ),
  )
  return { search }
}
