// Packs core, sessions, eval, fluent, patterns, ai-sdk, dbos, devtools and a2a as they would be published, installs the tarballs into a fresh consumer project
// with npm, and type-checks an ESM and a CommonJS file that use them with `skipLibCheck: false` (so every published
// .d.ts / .d.cts must compile for a consumer; sessions is an optional peer of fluent, used here beside it). Run after
// `pnpm build`.
//
// @google/genai is an optional peer of core: the consumer first compiles without it installed (no published type may
// name it) and checks that a Gemini call then fails with the install line; then it installs @google/genai and compiles
// a file that passes values typed with @google/genai's types to core and fluent.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'adk-fluent-consumer-'))
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })

try {
  const packages = ['core', 'sessions', 'eval', 'fluent', 'patterns', 'ai-sdk', 'dbos', 'devtools', 'a2a']
  for (const name of packages) run('pnpm', ['pack', '--pack-destination', work], join(root, 'packages', name))
  const tarballs = Object.fromEntries(
    readdirSync(work)
      .filter((file) => file.endsWith('.tgz'))
      .map((file) => [
        `@adk-fluent/${file.replace(/^adk-fluent-/, '').replace(/-\d+\.\d+\.\d+\.tgz$/, '')}`,
        `file:./${file}`,
      ]),
  )
  const genaiRange = JSON.parse(readFileSync(join(root, 'packages', 'core', 'package.json'), 'utf8')).peerDependencies[
    '@google/genai'
  ]
  const typescript = JSON.parse(run('node', ['-p', "JSON.stringify(require('typescript/package.json').version)"], root))
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify(
      {
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: {
          ...tarballs,
          zod: '^4.1.0',
          '@ai-sdk/provider': '^3.0.0',
          // @ai-sdk/provider's .d.ts imports the types of `json-schema`, which it does not depend on.
          '@types/json-schema': '^7.0.15',
          // @dbos-inc/dbos-sdk's .d.ts (under @adk-fluent/dbos) imports the types of `pg`, which are not part of pg.
          '@types/pg': '^8.11.0',
          typescript,
          '@types/node': '^20.19.0',
        },
      },
      null,
      2,
    ),
  )
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], work)
  const uses = (load) => `${load}
const llm = new ScriptedLlm(['{"label":"ok"}'])
const classifier = Agent('classifier', llm).instruct('Classify: {query}').returns(z.object({ label: z.string() })).writes('label')
const flow = Pipeline('flow').step(classifier).step(S.pick('label')).step(reviewLoop({ worker: Agent('w'), reviewer: Agent('r') }))
const runner: InMemoryRunner = new InMemoryRunner({ agent: flow.build() })
export const answer: Promise<{ label: string }> = classifier.ask('q', { usageLimits: { modelCalls: 2 } })
const sessionService: ClosableSessionService = openSessionService('sqlite:.adk/sessions.db')
export const kept = classifier.ask('q', { sessionService, sessionId: 'chat-1' }).finally(() => sessionService.close())
const memoryService: ClosableMemoryService = openMemoryService('sqlite:.adk/memory.db')
export const recalled = Agent('m', llm).memory('preload').tools(T.loadMemory({ limit: 5 })).ask('q', { memoryService, memoryAutoSave: true })
export const memoryTools = [new LoadMemoryTool(), new PreloadMemoryTool({ limit: 10 }), new InMemoryMemoryService()] as const
export const withUsage = classifier.ask('q', { withUsage: true }).then((result) => result.usage.totalTokens)
export const pieces = [P.role('r'), C.window(2), T.fn(() => 1), A.save('a.txt', 'x'), runner.appName] as const
export const viaAiSdk = (model: LanguageModelV3) => Agent('any', aiSdk(model, { retry: { maxAttempts: 2 } })).ask('q')
export const cli: Promise<number> = runCli(['--version'], { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: '.' })
export const serve = (): Promise<WebServer> => startWebServer({ builder: classifier, module: {}, file: 'agent.ts', env: {}, port: 0 })
export const durable = (databaseUrl: string) => DurableClient.connect({ appName: 'app', databaseUrl, agent: classifier.build() })
const remote = RemoteAgent('remote', 'http://127.0.0.1:8001/').sends('label').receives('price').timeout(1_000)
export const overA2a = serveA2a(Pipeline('served').step(remote), { port: 0 }).then((server) => server.close())
export const remoteFailed = (error: unknown): string | undefined => (RemoteAgentError.isInstance(error) ? error.url : undefined)
`
  writeFileSync(
    join(work, 'esm.mts'),
    uses(`import { InMemoryMemoryService, InMemoryRunner, LoadMemoryTool, PreloadMemoryTool } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { A, Agent, C, P, Pipeline, S, T } from '@adk-fluent/fluent'
import { reviewLoop } from '@adk-fluent/patterns'
import { openMemoryService, openSessionService, type ClosableMemoryService, type ClosableSessionService } from '@adk-fluent/sessions'
import { aiSdk } from '@adk-fluent/ai-sdk'
import { runCli, startWebServer, type WebServer } from '@adk-fluent/devtools'
import { DurableClient } from '@adk-fluent/dbos'
import { RemoteAgent, RemoteAgentError, serveA2a } from '@adk-fluent/a2a'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { z } from 'zod'`),
  )
  writeFileSync(
    join(work, 'cjs.cts'),
    uses(`import core = require('@adk-fluent/core')
import testing = require('@adk-fluent/core/testing')
import fluent = require('@adk-fluent/fluent')
import patterns = require('@adk-fluent/patterns')
import sessions = require('@adk-fluent/sessions')
import aiSdkPackage = require('@adk-fluent/ai-sdk')
import devtools = require('@adk-fluent/devtools')
import dbos = require('@adk-fluent/dbos')
import a2a = require('@adk-fluent/a2a')
import type { LanguageModelV3 } from '@ai-sdk/provider'
import zod = require('zod')
const { InMemoryMemoryService, InMemoryRunner, LoadMemoryTool, PreloadMemoryTool } = core
type InMemoryRunner = core.InMemoryRunner
const { ScriptedLlm } = testing
const { A, Agent, C, P, Pipeline, S, T } = fluent
const { reviewLoop } = patterns
const { openMemoryService, openSessionService } = sessions
type ClosableSessionService = sessions.ClosableSessionService
type ClosableMemoryService = sessions.ClosableMemoryService
const { aiSdk } = aiSdkPackage
const { runCli, startWebServer } = devtools
const { DurableClient } = dbos
type WebServer = devtools.WebServer
const { RemoteAgent, RemoteAgentError, serveA2a } = a2a
const { z } = zod`),
  )
  if (existsSync(join(work, 'node_modules', '@google', 'genai')))
    throw new Error('@google/genai was installed although nothing but an optional peer names it')
  const tsc = (files) => run(join(work, 'node_modules', '.bin', 'tsc'), ['-p', '.'], writeTsconfig(work, files))
  tsc(['esm.mts', 'cjs.cts'])
  console.log(
    `ok: a consumer type-checks ${packages.map((name) => `@adk-fluent/${name}`).join(', ')} for ESM and CJS with skipLibCheck: false, without @google/genai`,
  )
  writeFileSync(
    join(work, 'gemini-missing.mjs'),
    `import { Gemini, createLlmRequest } from '@adk-fluent/core'
const gemini = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'not-used' })
try {
  await gemini.generateContentAsync(createLlmRequest()).next()
  throw new Error('the Gemini call did not fail without @google/genai')
} catch (error) {
  const expected = 'Gemini model "gemini-2.5-flash" needs the @google/genai package: npm install @google/genai'
  if (error.message !== expected) throw error
}
`,
  )
  run('node', ['gemini-missing.mjs'], work)
  console.log('ok: without @google/genai, a Gemini call fails with the install line; importing core does not')
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `@google/genai@${genaiRange}`], work)
  writeFileSync(
    join(work, 'genai.mts'),
    `import { FinishReason, Type, type Content, type GenerateContentConfig, type FunctionDeclaration } from '@google/genai'
import { Gemini, FunctionTool, type LlmResponse } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
declare const history: Content[]
declare const config: GenerateContentConfig
declare const declaration: FunctionDeclaration
const parameters = { type: Type.OBJECT, properties: { city: { type: Type.STRING } } }
export const agent = Agent('a', new Gemini({ model: 'gemini-2.5-flash', httpOptions: { baseUrl: 'http://127.0.0.1' } }))
  .generateContentConfig(config)
  .tool(new FunctionTool({ name: 'weather', description: 'Weather.', parameters, execute: () => ({ ok: true }) }))
export const reply: LlmResponse = { content: history[0] as Content, finishReason: FinishReason.STOP }
export const stopped = (response: LlmResponse): boolean => response.finishReason === FinishReason.STOP
export const described: string | undefined = declaration.description
`,
  )
  tsc(['genai.mts'])
  console.log('ok: with @google/genai installed, values typed with its types pass to core and fluent')
} finally {
  rmSync(work, { recursive: true, force: true })
}

/** Writes the consumer's tsconfig.json for `files` (strict, skipLibCheck: false) and returns the project folder. */
function writeTsconfig(folder, files) {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        noEmit: true,
        types: ['node'],
      },
      files,
    }),
  )
  return folder
}
