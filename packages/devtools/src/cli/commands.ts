import { a2aCommand } from './commands/a2a.js'
import { anatomyCommand } from './commands/anatomy.js'
import { apiServerCommand } from './commands/api-server.js'
import { checkCommand } from './commands/check.js'
import { evalCommand } from './commands/eval.js'
import { explainCommand } from './commands/explain.js'
import { graphCommand } from './commands/graph.js'
import { runCommand } from './commands/run.js'
import { webCommand } from './commands/web.js'

/**
 * Every `adk-fluent` command, in the order `--help` lists them: the one place a command is registered. A new command is
 * a `CommandDefinition` (command-definition.ts) in `commands/<name>.ts` — its options, help, `parse` and `execute`, all
 * in that one file — added here; the parser, `--help` and the dispatcher follow.
 */
export const commands = [
  explainCommand,
  graphCommand,
  anatomyCommand,
  checkCommand,
  runCommand,
  evalCommand,
  webCommand,
  apiServerCommand,
  a2aCommand,
] as const
