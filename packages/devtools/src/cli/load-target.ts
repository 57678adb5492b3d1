import type { FlowBuilder } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { loadSource } from './load-source.js'
import { pickBuilder } from './pick-builder.js'
import { withToolStandIns } from './tool-stand-ins.js'

/** A loaded module and the builder a command works on. */
export interface LoadedTarget {
  readonly module: Readonly<Record<string, unknown>>
  readonly builder: FlowBuilder
}

/**
 * Loads `file` — a module, an ADK agent config (`.yaml`) or a skill (`SKILL.md` or its folder), see {@link loadSource},
 * with `--replies` as its offline script — and picks its builder (`--export`, else the one no other export contains).
 * `callsNoTool` (`explain`, `graph`, `check`): a skill's tools that were not injected get stand-ins, said on stderr.
 */
export async function loadTarget(
  file: string,
  exportName: string | undefined,
  io: CliIo,
  replies: string | undefined = undefined,
  callsNoTool = false,
): Promise<LoadedTarget> {
  const loaded = await loadSource(file, io.cwd, replies)
  const { module, notes } = callsNoTool ? withToolStandIns(loaded, file) : { module: loaded, notes: [] }
  for (const note of notes) io.stderr.write(note)
  return { module, builder: pickBuilder(module, file, exportName) }
}
