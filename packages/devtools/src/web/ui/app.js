// The dev UI's entry point: loads the app and the graph, builds the five tabs and switches between them.
import { api } from './api.js'
import { createAnatomy } from './anatomy.js'
import { createChat } from './chat.js'
import { h } from './dom.js'
import { renderGraph } from './graph.js'
import { createMemory } from './memory.js'
import { createSessions } from './sessions.js'

function showTab(name) {
  for (const tab of document.querySelectorAll('[role=tab]'))
    tab.setAttribute('aria-selected', String(tab.dataset.tab === name))
  for (const panel of document.querySelectorAll('[data-panel]')) panel.hidden = panel.dataset.panel !== name
}

async function boot() {
  const [app, graph] = await Promise.all([api('/api/app'), api('/api/graph')])
  document.title = `${app.name} · adk-fluent web`
  document.getElementById('app-name').textContent = app.name
  const models =
    { own: "agents' own models", gemini: 'Gemini', 'mock-script': 'offline (scripted)' }[app.models] ?? 'no models'
  document
    .getElementById('badges')
    .replaceChildren(
      h('span', { class: 'badge' }, models),
      h('span', { class: 'badge' }, `sessions: ${app.sessions}`),
      h('span', { class: 'badge' }, `memory: ${app.memory}`),
    )
  const agents = [
    ...new Set(
      graph.nodes.filter((node) => node.kind === 'Agent' || node.kind === 'RemoteAgent').map((node) => node.name),
    ),
  ]
  const anatomy = createAnatomy(document.getElementById('tab-anatomy'), agents)
  renderGraph(document.getElementById('tab-graph'), graph, (name) => {
    showTab('anatomy')
    void anatomy.select(name)
  })
  createMemory(document.getElementById('tab-memory'), { store: app.memory })
  const sessions = createSessions(document.getElementById('tab-sessions'), {
    onContinue: (id) => {
      showTab('chat')
      void chat.open(id)
    },
  })
  const chat = createChat(document.getElementById('tab-chat'), {
    chatEnabled: app.buildError === null,
    onSessionsChanged: () => void sessions.refresh(),
  })
  for (const tab of document.querySelectorAll('[role=tab]')) {
    tab.addEventListener('click', () => {
      showTab(tab.dataset.tab)
      if (tab.dataset.tab === 'sessions') void sessions.refresh()
    })
  }
  if (app.buildError)
    document
      .getElementById('tab-graph')
      .prepend(h('p', { class: 'error-text build-error' }, `The agent tree does not build: ${app.buildError}`))
  if (app.session) {
    showTab('chat')
    await chat.open(app.session)
  }
  document.body.dataset.ready = 'true'
}

boot().catch((error) => {
  document.body.prepend(h('p', { class: 'error-text' }, `The dev UI could not start: ${error.message}`))
  document.body.dataset.ready = 'error'
})
