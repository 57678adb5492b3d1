// @ts-check
// The dev UI's entry point: loads the app and the graph, builds the five tabs and switches between them.
import { api } from './api.js'
import { createAnatomy } from './anatomy.js'
import { createChat } from './chat.js'
import { all, byId, h, messageOf } from './dom.js'
import { fitGraphText, renderGraph } from './graph.js'
import { createMemory } from './memory.js'
import { createSessions } from './sessions.js'

function showTab(name) {
  for (const tab of all('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.tab === name))
  for (const panel of all('[data-panel]')) panel.hidden = panel.dataset.panel !== name
  // Text is measured only while shown: the graph's is fitted when its tab is.
  if (name === 'graph') fitGraphText(byId('tab-graph'))
}

async function boot() {
  const [app, graph] = await Promise.all([api('/api/app'), api('/api/graph')])
  document.title = `${app.name} · adk-fluent web`
  byId('app-name').textContent = app.name
  const models =
    { own: "agents' own models", gemini: 'Gemini', 'mock-script': 'offline (scripted)' }[app.models] ?? 'no models'
  byId('badges').replaceChildren(
    h('span', { class: 'badge' }, models),
    h('span', { class: 'badge' }, `sessions: ${app.sessions}`),
    h('span', { class: 'badge' }, `memory: ${app.memory}`),
  )
  const agents = [
    ...new Set(
      graph.nodes.filter((node) => node.kind === 'Agent' || node.kind === 'RemoteAgent').map((node) => node.name),
    ),
  ]
  const anatomy = createAnatomy(byId('tab-anatomy'), agents, {
    buildIssues: graph.buildIssues,
    builds: graph.buildError === null,
  })
  renderGraph(byId('tab-graph'), graph, (name) => {
    showTab('anatomy')
    void anatomy.select(name)
  })
  createMemory(byId('tab-memory'), { store: app.memory })
  const sessions = createSessions(byId('tab-sessions'), {
    onContinue: (id) => {
      showTab('chat')
      void chat.open(id)
    },
  })
  const chat = createChat(byId('tab-chat'), {
    chatOff: app.chatOff,
    offline: app.models === 'mock-script',
    onSessionsChanged: () => void sessions.refresh(),
  })
  for (const tab of all('[role=tab]')) {
    tab.addEventListener('click', () => {
      showTab(tab.dataset.tab)
      if (tab.dataset.tab === 'sessions') void sessions.refresh()
    })
  }
  // A module that does not build still shows what can be shown; the banner says why chat is off.
  if (app.chatOff)
    byId('tab-graph')
      .querySelector('.graph-wrap')
      ?.prepend(h('p', { class: 'error-text build-error' }, app.chatOff))
  if (app.session) {
    showTab('chat')
    await chat.open(app.session)
  }
  document.body.dataset.ready = 'true'
}

boot().catch((error) => {
  document.body.prepend(h('p', { class: 'error-text' }, `The dev UI could not start: ${messageOf(error)}`))
  document.body.dataset.ready = 'error'
})
