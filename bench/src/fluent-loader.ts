/**
 * `@adk-fluent/fluent` is written in parallel with this benchmark, so it is loaded dynamically and only the few
 * calls the benchmark needs are described here (API.md §2). Scenarios that need it report "not available" when the
 * package (or one of these calls) does not exist yet.
 */

/** The part of an `AgentBuilder` the benchmark uses. */
export interface AgentBuilderLike {
  model(model: unknown): AgentBuilderLike
  instruct(instruction: unknown): AgentBuilderLike
  context(spec: unknown): AgentBuilderLike
  writes(key: string): AgentBuilderLike
  then(next: unknown): PipelineLike
  build(): unknown
}

export interface PipelineLike {
  then(next: unknown): PipelineLike
  build(): unknown
}

export interface PromptLike {
  add(other: PromptLike): PromptLike
}

export interface FluentModule {
  Agent(name: string, model?: unknown): AgentBuilderLike
  Pipeline?: (name: string) => { step(next: unknown): PipelineLike }
  P?: { section(name: string, text: string): PromptLike; role(text: string): PromptLike; compilePrompt?: (spec: PromptLike) => unknown }
  C?: { window(turns: number): unknown }
}

export type FluentLoad = { readonly ok: true; readonly fluent: FluentModule } | { readonly ok: false; readonly reason: string }

let loaded: Promise<FluentLoad> | undefined

/** Loads `@adk-fluent/fluent` once (from source, under the `@adk-fluent/source` condition the bench runs with). */
export function loadFluent(): Promise<FluentLoad> {
  loaded ??= (async (): Promise<FluentLoad> => {
    const specifier = '@adk-fluent/fluent'
    try {
      const fluent = (await import(specifier)) as Partial<FluentModule>
      if (typeof fluent.Agent !== 'function') return { ok: false, reason: '@adk-fluent/fluent does not export Agent() yet' }
      return { ok: true, fluent: fluent as FluentModule }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('fluent')) {
        return { ok: false, reason: '@adk-fluent/fluent has no entry point yet (packages/fluent/src/index.ts)' }
      }
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
      return { ok: false, reason: `@adk-fluent/fluent could not be imported (${message})` }
    }
  })()
  return loaded
}
