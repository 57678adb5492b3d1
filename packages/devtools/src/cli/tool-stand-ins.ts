import { FunctionTool } from '@adk-fluent/core'
import type { SkillBuilder } from '@adk-fluent/fluent'

/** An export that is a skill whose agents name tools it was not given (`.inject()`). */
function skillMissingTools(value: unknown): value is SkillBuilder {
  const missing = (value as { missingTools?: unknown } | null)?.missingTools
  return Array.isArray(missing) && missing.length > 0 && typeof (value as { inject?: unknown }).inject === 'function'
}

/** A tool standing for one a skill names but was not given: its name, and a failure if it were ever called. */
function standIn(name: string, owner: string): FunctionTool {
  return new FunctionTool({
    name,
    description: `Stand-in: "${name}" is not injected into ${owner}.`,
    execute: () => {
      throw new Error(`tool "${name}" is not injected into ${owner}: .inject({ ${JSON.stringify(name)}: myTool })`)
    },
  })
}

/**
 * For the commands that call no tool (`explain`, `graph`, `check`): every skill of `module` whose agents name tools
 * it was not given (a `SKILL.md` cannot hold tools) gets a stand-in for each, so it can be shown. `notes` says which,
 * and how to supply them to run it. Other commands need the real tools: such a skill stops them with its file's
 * problems (exit code 2).
 */
export function withToolStandIns(
  module: Readonly<Record<string, unknown>>,
  file: string,
): { readonly module: Readonly<Record<string, unknown>>; readonly notes: readonly string[] } {
  const notes: string[] = []
  const changed = Object.entries(module).flatMap(([name, value]) => {
    if (!skillMissingTools(value)) return []
    const tools = value.missingTools
    const owner = `skill "${value.skillName}"`
    notes.push(
      `adk-fluent: ${file}: ${tools.map((tool) => `"${tool}"`).join(', ')} ${tools.length === 1 ? 'is' : 'are'} not injected into ${owner} (a SKILL.md cannot hold tools), shown as ${tools.length === 1 ? 'a stand-in' : 'stand-ins'}. To run it, inject them in a module: export const skill = Skill(path).inject({ ${tools.map((tool) => `${JSON.stringify(tool)}: myTool`).join(', ')} })\n`,
    )
    return [[name, value.inject(Object.fromEntries(tools.map((tool) => [tool, standIn(tool, owner)])))] as const]
  })
  return changed.length === 0
    ? { module, notes }
    : { module: Object.freeze({ ...module, ...Object.fromEntries(changed) }), notes }
}
