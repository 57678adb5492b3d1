import type { FlowBuilder } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { loadModule } from './load-module.js'
import { pickBuilder } from './pick-builder.js'

/** A loaded module and the builder a command works on. */
export interface LoadedTarget {
  readonly module: Readonly<Record<string, unknown>>
  readonly builder: FlowBuilder
}

/** Loads `file` (see {@link loadModule}) and picks its builder (`--export`, else the one no other export contains). */
export async function loadTarget(file: string, exportName: string | undefined, io: CliIo): Promise<LoadedTarget> {
  const module = await loadModule(file, io.cwd)
  return { module, builder: pickBuilder(module, file, exportName) }
}
