// The site's only script: the offline search (the index is a script, loaded on first use, so it works from file://)
// and the menu button on narrow screens. Compiled to assets/site.js by the build.
export {}

type Row = [title: string, url: string, page: string, text: string]
declare global {
  interface Window {
    ADK_FLUENT_SEARCH?: Row[]
  }
}

const root = document.documentElement.dataset['root'] ?? ''
const input = document.getElementById('search') as HTMLInputElement | null
const list = document.getElementById('search-results') as HTMLOListElement | null
let loading: Promise<Row[]> | undefined
let selected = 0

function loadIndex(): Promise<Row[]> {
  loading ??= new Promise((resolve, reject) => {
    if (window.ADK_FLUENT_SEARCH) return resolve(window.ADK_FLUENT_SEARCH)
    const script = document.createElement('script')
    script.src = `${root}assets/search-index.js`
    script.onload = () => resolve(window.ADK_FLUENT_SEARCH ?? [])
    script.onerror = () => reject(new Error('the search index did not load'))
    document.head.appendChild(script)
  })
  return loading
}

/** Rows matching every word of the query, best first: names before text, whole names before parts. */
function search(rows: readonly Row[], query: string, limit = 12): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const scored: [number, Row][] = []
  for (const row of rows) {
    const title = row[0].toLowerCase()
    const text = `${row[2]} ${row[3]}`.toLowerCase()
    let score = 0
    for (const word of words) {
      if (title === word) score += 100
      else if (title.startsWith(word) || title.includes(`.${word}`)) score += 40
      else if (title.includes(word)) score += 20
      else if (text.includes(word)) score += 3
      else {
        score = 0
        break
      }
    }
    if (score > 0) scored.push([score - title.length / 100, row])
  }
  return scored
    .sort((a, b) => b[0] - a[0])
    .slice(0, limit)
    .map(([, row]) => row)
}

function show(rows: readonly Row[]): void {
  if (!list) return
  list.replaceChildren(
    ...rows.map((row, index) => {
      const item = document.createElement('li')
      const link = document.createElement('a')
      link.href = root + row[1]
      link.className = index === selected ? 'selected' : ''
      const title = document.createElement('strong')
      title.textContent = row[0]
      const where = document.createElement('span')
      where.className = 'where'
      where.textContent = row[2]
      const text = document.createElement('span')
      text.className = 'text'
      text.textContent = row[3]
      link.append(title, where, text)
      item.append(link)
      return item
    }),
  )
  if (rows.length === 0 && input?.value.trim()) {
    const empty = document.createElement('li')
    empty.className = 'empty'
    empty.textContent = 'No match.'
    list.append(empty)
  }
  list.hidden = !input?.value.trim()
}

async function update(): Promise<void> {
  if (!input) return
  selected = 0
  const rows = await loadIndex()
  show(search(rows, input.value))
}

if (input && list) {
  input.addEventListener('focus', () => void loadIndex())
  input.addEventListener('input', () => void update())
  input.addEventListener('keydown', (event) => {
    const links = [...list.querySelectorAll('a')]
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      selected = (selected + (event.key === 'ArrowDown' ? 1 : links.length - 1)) % Math.max(links.length, 1)
      links.forEach((link, index) => link.classList.toggle('selected', index === selected))
    } else if (event.key === 'Enter' && links[selected]) {
      event.preventDefault()
      window.location.href = links[selected]!.href
    } else if (event.key === 'Escape') {
      list.hidden = true
      input.blur()
    }
  })
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== input) {
      event.preventDefault()
      input.focus()
    }
  })
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Node) || !input.parentElement?.contains(event.target)) list.hidden = true
  })
}

const toggle = document.querySelector('.nav-toggle')
toggle?.addEventListener('click', () => document.body.classList.toggle('nav-open'))
const sidebar = document.getElementById('sidebar')
const current = sidebar?.querySelector<HTMLElement>('.current')
if (sidebar && current) sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 2
