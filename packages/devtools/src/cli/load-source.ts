import { resolve } from 'node:path'
import { AgentFileError } from '@adk-fluent/fluent'
import { agentFileKind, loadAgentFile } from '@adk-fluent/fluent/internal'
import { readReplies } from './replies-file.js'
import { repliesGiven } from './choose-run-model.js'
import { CliUsageError } from './cli-usage-error.js'
import { loadModule } from './load-module.js'

/**
 * An agent file read as a module, or `undefined` when `file` is not one: an ADK agent config (`.yaml`/`.yml`, or a
 * folder with `root_agent.yaml`) or a skill (`SKILL.md`, or its folder). A bad file is a {@link CliUsageError} with the
 * file, line and field of every problem.
 */
export function loadAgentFileModule(file: string, cwd: string): Readonly<Record<string, unknown>> | undefined {
  const path = resolve(cwd, file)
  if (agentFileKind(path) === undefined) return undefined
  try {
    return loadAgentFile(path)
  } catch (error) {
    if (AgentFileError.isInstance(error)) throw new CliUsageError(error.message)
    throw error
  }
}

/**
 * `--replies file.json` on a loaded module: its per-agent replies become the module's `mockScript`, and the run uses
 * them even when Gemini credentials are set (the option asks for an offline run).
 */
export async function withReplies(
  module: Readonly<Record<string, unknown>>,
  replies: string | undefined,
  cwd: string,
): Promise<Readonly<Record<string, unknown>>> {
  if (replies === undefined) return module
  return Object.freeze({ ...module, mockScript: await readReplies(replies, cwd), [repliesGiven]: replies })
}

/**
 * What a command works on: a module (see {@link loadModule}) or an agent file (see {@link loadAgentFileModule}),
 * with `--replies` applied.
 */
export async function loadSource(
  file: string,
  cwd: string,
  replies: string | undefined = undefined,
): Promise<Readonly<Record<string, unknown>>> {
  const module = loadAgentFileModule(file, cwd) ?? (await loadModule(file, cwd))
  return withReplies(module, replies, cwd)
}
