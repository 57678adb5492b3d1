// What a user installs, tested as they use it: packs every package of the workspace as it would be published,
// installs the tarballs with npm into an empty project outside the repository (no workspace links), and there:
// - imports every entry point of every package under ESM (`import`) and CommonJS (`require`);
// - runs every `adk-fluent` command of the installed @adk-fluent/devtools on a small TypeScript module
//   (`--version`, `--help`, a command's own `--help`, a misspelt command, explain, graph, anatomy, check, run offline
//   on its mockScript, eval; a SKILL.md whose tool is not injected drawn with a stand-in; api-server (on a --replies
//   file) and a2a started, asked for their app list / agent card, and sent a second message: each turn replays the
//   script);
// - starts `adk-fluent web` and loads its page in headless Chromium (Debian's /usr/bin/chromium through the
//   repository's playwright-core): every asset the page loads is served (HTTP 200), no console error, the graph is
//   drawn with no label outside its box or over another, and two chat turns complete offline; a module whose tree
//   does not build still gets its page (graph drawn,
//   its build issue listed and marked, chat off with the reason).
// Run after `pnpm build`. Prints one `ok …` line per check and the time each phase took; exits 1 on the first failure.
//
//   node scripts/installed-smoke.mjs [--keep]     (--keep leaves the project in the temp directory to look at)
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumFlags, chromiumPath } from './chromium.mjs'
import { runPackageReadmeExamples } from './package-readme-examples.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const keep = process.argv.includes('--keep')
const work = mkdtempSync(join(tmpdir(), 'adk-fluent-installed-'))
const project = join(work, 'project')
const started = Date.now()
let phaseStart = Date.now()

function phase(name) {
  console.log(`-- ${name} (${((Date.now() - phaseStart) / 1000).toFixed(1)} s since the last phase)`)
  phaseStart = Date.now()
}

function fail(message) {
  throw new Error(message)
}

function run(command, args, cwd, env = process.env) {
  return execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
}

/** This process's environment without a model key: what runs in the project runs offline. */
function offlineEnv() {
  const env = { ...process.env }
  for (const name of [
    'GOOGLE_API_KEY',
    'GEMINI_API_KEY',
    'GOOGLE_GENAI_USE_VERTEXAI',
    'ADK_FLUENT_MODEL',
    'OPENAI_API_KEY',
  ])
    delete env[name]
  return env
}

/** Runs the installed `adk-fluent` (node_modules/.bin) offline; resolves to { code, stdout, stderr }. */
function adkFluent(args) {
  const env = offlineEnv()
  return new Promise((resolve, reject) => {
    const child = spawn(join(project, 'node_modules', '.bin', 'adk-fluent'), args, { cwd: project, env })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

function expectOutput(label, result, { code = 0, stdout, stderr = /^$/ }) {
  if (result.code !== code || !stdout.test(result.stdout) || !stderr.test(result.stderr))
    fail(
      `adk-fluent ${label}: exit ${result.code} (wanted ${code})\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    )
  console.log(`ok adk-fluent ${label}`)
}

const agentModule = `import { Agent, Pipeline } from '@adk-fluent/fluent'

export const researcher = Agent('researcher').instruct('Find three facts about the question.').writes('findings')
export const writer = Agent('writer').instruct('Answer the question from these facts: {findings}')
export const answer = Pipeline('answer').step(researcher).step(writer)
export const mockScript = {
  researcher: ['Bees dance to point at flowers.'],
  writer: ['Bees talk by dancing.'],
}
`

/** A module whose tree does not build: "publisher" reads a key nothing writes (the page still draws it). */
const brokenModule = `import { Agent, Pipeline } from '@adk-fluent/fluent'

const drafter = Agent('drafter').instruct('Draft about {topic}.').writes('draft')
const publisher = Agent('publisher').instruct('Publish {article}.')
export const flow = Pipeline('flow').initialState('topic').step(drafter).step(publisher)
export const mockScript = ['A draft.', 'Published.']
`

/** Per-agent replies for `--replies` (the agents' own words, not the module's mockScript). */
const replies = { researcher: ['Bees dance.'], writer: [{ text: 'They dance to talk.' }] }

/** A skill whose agent names a tool a SKILL.md cannot hold: explain, graph and check show it with a stand-in. */
const skillFile = `---
name: searcher
description: Searches, then answers.
agents:
  - name: finder
    instruct: Search for {topic?}.
    tools: [search]
---
`

// Two cases on the module's one-reply-per-agent mockScript: each must replay it from its first reply.
const evalSet = {
  eval_set_id: 'smoke',
  name: 'smoke',
  eval_cases: ['bees', 'bees_again'].map((id) => ({
    eval_id: id,
    conversation: [
      {
        user_content: { role: 'user', parts: [{ text: 'How do bees talk?' }] },
        final_response: { role: 'model', parts: [{ text: 'Bees talk by dancing.' }] },
        intermediate_data: { tool_uses: [] },
      },
    ],
  })),
}

/**
 * Run behaviour a user meets on the second try, from the installed packages: a failed model call ends a pipeline
 * (the caller sees its cause), memories stay in their app, a failing memory store does not fail the run, G.pii
 * redacts a phone number whole and an IBAN with letters, reviewLoop answers with the accepted draft, a paused A2A task
 * is answered through a RemoteAgent, and adk-web's answer to a confirmation resumes a /run.
 */
const behaviourCheck = `import { InMemoryMemoryService, ModelError } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, G, Pipeline, RunPausedError, T } from '@adk-fluent/fluent'
import { reviewLoop } from '@adk-fluent/patterns'
import { RemoteAgent, serveA2a } from '@adk-fluent/a2a'
import { startAdkApiServer } from '@adk-fluent/devtools'

const problems = []
const check = (label, ok, seen) => (ok ? console.log('ok ' + label) : problems.push(label + ': ' + JSON.stringify(seen)))

const editor = new ScriptedLlm(['edited'])
const failed = await Pipeline('p')
  .step(Agent('writer').mock([new Error('no API key')]).writes('draft'))
  .step(Agent('editor').model(editor).instruct('Edit {draft}.'))
  .ask('go')
  .catch((error) => error)
check('a failed model call ends a pipeline with a ModelError naming the agent', ModelError.isInstance(failed) && failed.agentName === 'writer' && editor.requests.length === 0, String(failed))

const memory = new InMemoryMemoryService()
await Agent('hr_bot').mock(['Noted.']).ask('My salary is 9000 euros.', { memoryService: memory, memoryAutoSave: true, appName: 'hr', userId: 'ann' })
const found = async (appName) => (await memory.searchMemory({ appName, userId: 'ann', query: 'salary' })).memories.length
check('.ask() saves memories under its appName only', (await found('hr')) === 1 && (await found('InMemoryRunner')) === 0, [await found('hr'), await found('InMemoryRunner')])

class BrokenMemory extends InMemoryMemoryService {
  async searchMemory() { throw new Error('store down') }
}
const answer = await Agent('assistant')
  .mock(['Hi.'])
  .memory('preload')
  .ask('Hello', { memoryService: new BrokenMemory() })
  .catch((error) => error)
check('a failing memory store does not fail a preloading agent', answer === 'Hi.', String(answer))

const pii = new ScriptedLlm(['ok'])
await Agent('support').model(pii).guard(G.pii()).ask('Call +44 20 7946 0958, pay to GB82 WEST 1234 5698 7654 32.')
const sent = JSON.stringify(pii.requests[0].contents)
check('G.pii redacts a phone number with its + and an IBAN with letters whole', sent.includes('Call [REDACTED:phone], pay to [REDACTED:iban].'), sent)

const tagline = await reviewLoop({
  worker: Agent('writer').mock(['draft one', 'draft two']).writes('draft'),
  reviewer: Agent('critic').mock(['Score: 5/10', 'Score: 9/10']).reads('draft'),
}).ask('go')
check('reviewLoop answers with the accepted draft', tagline === 'draft two', tagline)

// Issue 42: a paused A2A task (input-required) answered through a RemoteAgent, and adk-web's answer to /run.
let refunds = 0
const refund = T.confirm(T.fn(function refund() { refunds += 1; return { ok: true } }))
const server = await serveA2a(Agent('desk', new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.'])).tools(refund), { port: 0 })
const paused = await RemoteAgent('desk', server.url).ask('Refund it').catch((error) => error)
const [input] = RunPausedError.isInstance(paused) ? paused.interrupts : []
const resumed = input ? await paused.resume({ [input.id]: 'yes' }) : undefined
await server.close()
check('a remote A2A task that waits for approval pauses the run; "yes" resumes it and the tool runs once', input?.kind === 'input' && resumed === 'Refunded.' && refunds === 1, [input?.kind, resumed, refunds])

const api = await startAdkApiServer({ apps: { desk: Agent('desk', new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.'])).tools(refund) }, port: 0 })
const post = async (path, body) => (await fetch(api.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()
const session = await post('/apps/desk/users/u/sessions', {})
const turn = { appName: 'desk', userId: 'u', sessionId: session.id }
const pause = (await post('/run', { ...turn, newMessage: { role: 'user', parts: [{ text: 'Refund it' }] } })).at(-1)
const ask = pause.content.parts[0].functionCall
const after = await post('/run', { ...turn, newMessage: { role: 'user', parts: [{ functionResponse: { id: ask.id, name: ask.name, response: { confirmed: true } } }] } })
await api.close()
check("/run pauses with adk_request_confirmation and adk-web's answer resumes it", ask.name === 'adk_request_confirmation' && after.at(-1)?.content?.parts?.[0]?.text === 'Refunded.' && refunds === 2, [ask.name, refunds])

if (problems.length > 0) {
  console.error(problems.join('\\n'))
  process.exit(1)
}
`

function checkBehaviour() {
  writeFileSync(join(project, 'behaviour.mjs'), behaviourCheck)
  try {
    process.stdout.write(run('node', ['behaviour.mjs'], project))
  } catch (error) {
    fail(`the installed packages misbehave:\n${error.stdout ?? ''}${error.stderr ?? error.message}`)
  }
}

async function packAndInstall() {
  const packages = readdirSync(join(root, 'packages')).filter((name) => {
    const manifest = join(root, 'packages', name, 'package.json')
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).private !== true
  })
  for (const name of packages) {
    if (!existsSync(join(root, 'packages', name, 'dist'))) fail(`packages/${name} has no dist: run pnpm build first`)
    run('pnpm', ['pack', '--pack-destination', work], join(root, 'packages', name))
  }
  const tarballs = readdirSync(work).filter((file) => file.endsWith('.tgz'))
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'installed-smoke', private: true, type: 'module' }, null, 2),
  )
  // The tarballs, as a user lists them, and the peers a user of every package adds (zod for the schemas; the SQLite
  // driver @adk-fluent/sessions' README installs).
  const peers = ['zod@^4.1.0', '@libsql/client@^0.18.0']
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.map((file) => `../${file}`), ...peers],
    project,
  )
  if (existsSync(join(project, 'node_modules', '@adk-fluent', 'fluent', 'bin')))
    fail('@adk-fluent/fluent ships a bin folder: the command line belongs to @adk-fluent/devtools')
  for (const name of packages) {
    const installed = join(project, 'node_modules', '@adk-fluent', name)
    if (!existsSync(installed)) fail(`@adk-fluent/${name} is not installed from its tarball`)
  }
  console.log(`ok packed and installed with npm: ${packages.map((name) => `@adk-fluent/${name}`).join(', ')}`)
  return packages
}

function importEntryPoints(packages) {
  const entries = packages.flatMap((name) => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', '@adk-fluent', name, 'package.json'), 'utf8'),
    )
    return Object.keys(manifest.exports ?? { '.': {} })
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => `@adk-fluent/${name}${subpath.slice(1)}`)
  })
  const check = `import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const failures = []
for (const entry of ${JSON.stringify(entries)}) {
  try {
    const esm = Object.keys(await import(entry)).length
    const cjs = Object.keys(require(entry)).length
    // (a skeleton package exports nothing yet: same count on both sides is what matters)
    if (esm !== cjs) failures.push(entry + ': ESM exports ' + esm + ', CJS exports ' + cjs)
  } catch (error) {
    failures.push(entry + ': ' + error.message)
  }
}
if (failures.length > 0) {
  console.error(failures.join('\\n'))
  process.exit(1)
}
`
  writeFileSync(join(project, 'entry-points.mjs'), check)
  try {
    run('node', ['entry-points.mjs'], project)
  } catch (error) {
    fail(`entry points that do not load from the installed packages:\n${error.stderr ?? error.message}`)
  }
  console.log(`ok ${entries.length} entry points load under ESM and CJS: ${entries.join(', ')}`)
}

async function runCommands() {
  writeFileSync(join(project, 'agent.ts'), agentModule)
  writeFileSync(join(project, 'smoke.evalset.json'), JSON.stringify(evalSet, null, 2))
  const version = JSON.parse(readFileSync(join(root, 'packages', 'devtools', 'package.json'), 'utf8')).version
  expectOutput('--version', await adkFluent(['--version']), {
    stdout: new RegExp(`^${version.replace(/\./g, '\\.')}\\n$`),
  })
  expectOutput('--help', await adkFluent(['--help']), { stdout: /^Usage: adk-fluent <command> <file>/ })
  expectOutput('run --help', await adkFluent(['run', '--help']), { stdout: /^Usage: adk-fluent run <file> "<prompt>"/ })
  expectOutput('chek (a misspelt command)', await adkFluent(['chek', 'agent.ts']), {
    code: 2,
    stdout: /^$/,
    stderr: /^adk-fluent: unknown command "chek"\. Did you mean "check"\?/,
  })
  mkdirSync(join(project, 'skills', 'searcher'), { recursive: true })
  writeFileSync(join(project, 'skills', 'searcher', 'SKILL.md'), skillFile)
  expectOutput('graph of a SKILL.md whose tool is not injected', await adkFluent(['graph', 'skills/searcher']), {
    stdout: /finder/,
    stderr: /"search" is not injected into skill "searcher" .*shown as a stand-in/,
  })
  expectOutput('run of that SKILL.md (exit 2)', await adkFluent(['run', 'skills/searcher', 'Hi']), {
    code: 2,
    stdout: /^$/,
    stderr: /agent "finder" uses tool "search", which is not injected/,
  })
  expectOutput('explain', await adkFluent(['explain', 'agent.ts']), { stdout: /^Pipeline: answer\n/ })
  expectOutput('graph', await adkFluent(['graph', 'agent.ts']), { stdout: /researcher[\s\S]*writer/ })
  expectOutput('graph --format mermaid', await adkFluent(['graph', 'agent.ts', '--format', 'mermaid']), {
    stdout: /^(flowchart|graph) /,
  })
  expectOutput('anatomy', await adkFluent(['anatomy', 'agent.ts']), { stdout: /researcher[\s\S]*writer/ })
  expectOutput('anatomy --message', await adkFluent(['anatomy', 'agent.ts', '--message', 'How do bees talk?']), {
    stdout: /How do bees talk\?/,
  })
  expectOutput('check', await adkFluent(['check', 'agent.ts']), { stdout: /^No contract issues\.\n$/ })
  expectOutput('run (offline)', await adkFluent(['run', 'agent.ts', 'How do bees talk?']), {
    stdout: /\[writer\] Bees talk by dancing\./,
    stderr: /mockScript/,
  })
  writeFileSync(join(project, 'replies.json'), JSON.stringify(replies))
  await serve('api-server', ['--replies', 'replies.json'], apiServerTurns)
  await serve('a2a', [], a2aTurns)
  expectOutput(
    'eval (two cases, each replaying the mockScript)',
    await adkFluent(['eval', 'agent.ts', 'smoke.evalset.json']),
    {
      stdout: /Tests passed: 2\n/,
    },
  )
}

/** Starts a serving command (`api-server`, `a2a`) on `agent.ts` on a free port, hands its URL to `check`, stops it. */
async function serve(command, args, check) {
  const env = { ...process.env }
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'ADK_FLUENT_MODEL'])
    delete env[name]
  const server = spawn(
    join(project, 'node_modules', '.bin', 'adk-fluent'),
    [command, 'agent.ts', '--port', '0', ...args],
    { cwd: project, env },
  )
  let out = ''
  server.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  server.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  const exited = new Promise((resolve) => server.on('close', resolve))
  try {
    const deadline = Date.now() + 60_000
    while (!/http:\/\/127\.0\.0\.1:\d+/.test(out)) {
      if (Date.now() > deadline || server.exitCode !== null)
        fail(`adk-fluent ${command} did not print its URL:\n${out}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await check(/(http:\/\/127\.0\.0\.1:\d+)/.exec(out)[1], out)
  } finally {
    server.kill('SIGTERM')
    await exited
  }
}

/** POSTs JSON; the parsed answer (fails on a status other than `status`). */
async function postJson(url, body, status = 200) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== status) fail(`POST ${url} answered ${response.status}:\n${text.slice(0, 500)}`)
  return text
}

/**
 * api-server on --replies: the banner names the file; one session gets three messages — POST /run twice and POST
 * /run_sse as adk-web sends it — each answered from the first reply (the second used to be a 500: no reply left).
 */
async function apiServerTurns(origin, banner) {
  if (!banner.includes('models: offline, the replies of replies.json (every turn replays them from the first)'))
    fail(`adk-fluent api-server does not say where its replies come from:\n${banner}`)
  const apps = await (await fetch(`${origin}/list-apps`)).json()
  if (JSON.stringify(apps) !== '["agent"]') fail(`GET /list-apps answered ${JSON.stringify(apps)}`)
  const session = JSON.parse(await postJson(`${origin}/apps/agent/users/u/sessions`, {}))
  const turn = { appName: 'agent', userId: 'u', sessionId: session.id }
  for (const [route, text, extra] of [
    ['/run', 'How do bees talk?', {}],
    ['/run', 'And again?', {}],
    ['/run_sse', 'Once more?', { streaming: false, stateDelta: null }],
  ]) {
    const body = await postJson(`${origin}${route}`, {
      ...turn,
      newMessage: { role: 'user', parts: [{ text }] },
      ...extra,
    })
    if (!body.includes('They dance to talk.')) fail(`POST ${route} ("${text}") did not answer:\n${body.slice(0, 500)}`)
  }
  console.log('ok adk-fluent api-server --replies: three messages of one session answered (/run twice, /run_sse)')
}

/** a2a: two tasks of one conversation, each completed with the writer's reply (the second used to end failed). */
async function a2aTurns(origin, banner) {
  if (!banner.includes('models: offline, the mockScript replies (every turn replays them from the first)'))
    fail(`adk-fluent a2a does not say where its replies come from:\n${banner}`)
  const card = await (await fetch(`${origin}/.well-known/agent-card.json`)).json()
  if (card.name !== 'answer') fail(`the agent card names ${card.name}`)
  let contextId
  for (const [index, text] of ['How do bees talk?', 'And again?'].entries()) {
    const message = { kind: 'message', messageId: `m${index}`, role: 'user', parts: [{ kind: 'text', text }] }
    const answer = JSON.parse(
      await postJson(`${origin}/`, {
        jsonrpc: '2.0',
        id: index + 1,
        method: 'message/send',
        params: { message: contextId === undefined ? message : { ...message, contextId } },
      }),
    )
    const task = answer.result
    if (task?.status?.state !== 'completed' || !JSON.stringify(task).includes('Bees talk by dancing.'))
      fail(`a2a task ${index + 1} did not complete:\n${JSON.stringify(answer).slice(0, 800)}`)
    contextId = task.contextId
  }
  console.log('ok adk-fluent a2a: two tasks of one conversation completed offline')
}

/**
 * Starts the installed `adk-fluent web <file>`, opens its page in Chromium and hands it to `check(page, url)`; fails on
 * a console error, page error or failed request. Returns what the server wrote to stderr.
 */
async function withPage(file, check) {
  if (!existsSync(chromiumPath)) fail(`no Chromium at ${chromiumPath} (apt-get install -y chromium)`)
  const env = { ...process.env }
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'ADK_FLUENT_MODEL'])
    delete env[name]
  const server = spawn(join(project, 'node_modules', '.bin', 'adk-fluent'), ['web', file, '--port', '0'], {
    cwd: project,
    env,
  })
  let out = ''
  let err = ''
  server.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk))
  server.stderr.setEncoding('utf8').on('data', (chunk) => (err += chunk))
  const exited = new Promise((resolve) => server.on('close', resolve))
  const { chromium } = createRequire(join(root, 'packages', 'devtools', 'package.json'))('playwright-core')
  const profile = join(work, 'chromium-profile')
  let context
  try {
    const deadline = Date.now() + 60_000
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(out)) {
      if (Date.now() > deadline || server.exitCode !== null)
        fail(`adk-fluent web ${file} did not print its URL\n--- stdout\n${out}\n--- stderr\n${err}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)[1]
    console.log(`ok adk-fluent web ${file}: serving ${url}`)
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumFlags],
      viewport: { width: 1280, height: 800 },
    })
    const page = await context.newPage()
    const problems = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console.${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`))
    await check(page, url)
    if (problems.length > 0) fail(`the page of ${file} reported problems:\n${problems.join('\n')}`)
    console.log(`ok ${file}: no console errors, page errors or failed requests`)
  } finally {
    await context?.close()
    server.kill('SIGTERM')
    await exited
  }
  return err
}

/** Runs in the page: labels that leave their node's or frame's box, and pairs of labels drawn over each other. */
function labelProblems() {
  const box = (element) => element.getBoundingClientRect()
  const inside = (a, b) =>
    a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5
  const found = []
  for (const item of document.querySelectorAll('svg.graph .node, svg.graph .group')) {
    const rect = item.querySelector(':scope > rect')
    const text = item.querySelector(':scope > text')
    if (rect && text && !inside(box(text), box(rect))) found.push(`"${text.textContent}" leaves its box`)
  }
  const texts = [...document.querySelectorAll('svg.graph text')]
  texts.forEach((a, index) => {
    for (const b of texts.slice(index + 1)) {
      const [r, q] = [box(a), box(b)]
      if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5)
        found.push(`"${a.textContent}" over "${b.textContent}"`)
    }
  })
  return found
}

/** Opens the page at `url`; fails unless it answers 200 and starts. */
async function openPage(page, url) {
  const main = await page.goto(url)
  if (main?.status() !== 200) fail(`GET / answered ${main?.status()}`)
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 })
  if ((await page.getAttribute('body', 'data-ready')) !== 'true')
    fail(`the page did not start: ${await page.textContent('body')}`)
}

async function loadPage() {
  const err = await withPage('agent.ts', async (page, url) => {
    const assets = new Map()
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (!path.startsWith('/api/')) assets.set(path, response.status())
    })
    await openPage(page, url)
    // Every script and stylesheet the page links from its own server (a `data:` icon is not a request).
    const linked = await page.$$eval('script[src], link[href]', (list) =>
      list
        .map((element) => new URL(element.getAttribute('src') ?? element.getAttribute('href'), location.href))
        .filter((link) => link.origin === location.origin)
        .map((link) => link.pathname),
    )
    if (linked.length === 0) fail('the page links no script or stylesheet of its own')
    for (const path of linked) if (!assets.has(path)) fail(`the page links ${path}, which it never loaded`)
    const bad = [...assets].filter(([, status]) => status !== 200)
    if (bad.length > 0) fail(`assets not served: ${bad.map(([path, status]) => `${path} ${status}`).join(', ')}`)
    console.log(`ok the page's ${assets.size} assets are served (HTTP 200): ${[...assets.keys()].join(', ')}`)
    const nodes = await page.$$eval('svg.graph .node-label', (list) => list.map((label) => label.textContent))
    for (const name of ['researcher', 'writer'])
      if (!nodes.some((label) => label.startsWith(`${name} `)))
        fail(`the graph does not draw ${name} (it draws ${nodes.join(', ')})`)
    const drawn = await page.evaluate(labelProblems)
    if (drawn.length > 0) fail(`the graph's labels: ${drawn.join('; ')}`)
    console.log(`ok the graph is drawn, every label in its box and none over another: ${nodes.join(', ')}`)
    await page.click('[data-tab="chat"]')
    for (const [turn, text] of ['How do bees talk?', 'And again?'].entries()) {
      await page.fill('.chat-input', text)
      await page.click('.send')
      await page.waitForFunction(
        (count) => document.querySelectorAll('#tab-chat .timeline .row-end').length === count,
        turn + 1,
        { timeout: 30_000 },
      )
    }
    const answers = await page.$$eval('#tab-chat .timeline .row-text', (list) => list.map((row) => row.textContent))
    if (answers.filter((answer) => answer.includes('Bees talk by dancing.')).length !== 2)
      fail(`two chat turns did not both show the answer:\n${answers.join('\n')}`)
    console.log('ok two chat turns completed offline in the page')
  })
  if (err !== '') fail(`adk-fluent web wrote to stderr:\n${err}`)
}

/** A module whose tree does not build: its page still draws the graph, lists the issue and turns chat off. */
async function loadBrokenPage() {
  writeFileSync(join(project, 'broken.ts'), brokenModule)
  const err = await withPage('broken.ts', async (page, url) => {
    await openPage(page, url)
    const nodes = await page.$$eval('svg.graph .node', (list) => list.map((node) => node.getAttribute('data-name')))
    if (!nodes.includes('drafter') || !nodes.includes('publisher'))
      fail(`broken.ts: the graph draws ${nodes.join(', ')}`)
    const codes = await page.$$eval('.build-issues .build-issue', (list) => list.map((item) => item.dataset.code))
    if (codes.join() !== 'state_not_written') fail(`broken.ts: the build issues listed are ${codes.join(', ')}`)
    const marked = await page.getAttribute('svg.graph .node[data-name="publisher"]', 'class')
    if (!marked?.includes('build-issue')) fail('broken.ts: the publisher node is not marked')
    await page.click('[data-tab="chat"]')
    const reason = await page.textContent('#tab-chat .chat-off')
    if (!(await page.isDisabled('.chat-input')) || !reason?.includes('broken.ts does not build'))
      fail(`broken.ts: chat is not off with the reason (${reason})`)
    console.log(`ok broken.ts: the graph is drawn (${nodes.join(', ')}), its build issue listed and marked, ${reason}`)
  })
  if (!err.includes('Chat is off')) fail(`adk-fluent web broken.ts did not say why chat is off:\n${err}`)
}

try {
  const packages = await packAndInstall()
  phase('pack + npm install')
  importEntryPoints(packages)
  phase('entry points')
  checkBehaviour()
  runPackageReadmeExamples({ root, project, packages, env: offlineEnv() })
  phase("run behaviour and the package READMEs' examples")
  await runCommands()
  phase('CLI commands')
  await loadPage()
  await loadBrokenPage()
  phase('dev UI in Chromium')
  console.log(`ok the installed packages work (${((Date.now() - started) / 1000).toFixed(1)} s)`)
} catch (error) {
  console.error(`installed-smoke: ${error.message}`)
  console.error(`(the project is in ${project})`)
  process.exitCode = 1
} finally {
  if (!keep && process.exitCode !== 1) rmSync(work, { recursive: true, force: true })
}
