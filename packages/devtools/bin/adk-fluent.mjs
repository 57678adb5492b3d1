#!/usr/bin/env node
// The `adk-fluent` command of @adk-fluent/devtools. An installed package runs its built `dist/cli.js`. In the
// workspace, where nothing is built, it runs the TypeScript sources through tsx, resolving `@adk-fluent/*` imports to
// their sources with the `@adk-fluent/source` export condition (for the CLI and for the module it loads).
import { existsSync } from 'node:fs'
import { register } from 'node:module'
import { fileURLToPath } from 'node:url'

// A closed pipe (`adk-fluent run … | head`) ends the command quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const built = new URL('../dist/cli.js', import.meta.url)
let cli
// ADK_FLUENT_CLI_FROM_SOURCE=1 runs the sources even when a build exists (the workspace's own tests do).
if (existsSync(fileURLToPath(built)) && process.env.ADK_FLUENT_CLI_FROM_SOURCE !== '1') {
  cli = await import(built.href)
} else {
  register('./source-condition.mjs', import.meta.url)
  const tsx = await import('tsx/esm/api')
  tsx.register()
  cli = await import(new URL('../src/cli/main.ts', import.meta.url).href)
}
const code = await cli.runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  // Read only when a paused `run` asks for answers (a terminal, or lines piped in).
  get stdin() {
    return process.stdin
  },
  env: process.env,
  cwd: process.cwd(),
  // Ctrl-C during `run` cancels the run cleanly (exit code 130); a second Ctrl-C exits at once.
  onInterrupt: (handler) => {
    let interrupted = false
    const listener = () => {
      if (interrupted) process.exit(130)
      interrupted = true
      handler()
    }
    process.on('SIGINT', listener)
    return () => process.off('SIGINT', listener)
  },
})
// The command is done when runCli returns (`web` returns once stopped): a timer or socket the user's module left open
// must not keep the process alive. Exit once what was written has been handed to stdout and stderr.
process.exitCode = code
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
