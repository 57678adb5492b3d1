import type { BaseLlm } from './base-llm.js'
import { Gemini } from './gemini.js'
import { ConfigError } from '../errors/config-error.js'

/** Creates a model for a model name. */
export type LlmFactory = (model: string) => BaseLlm

interface RegistryEntry {
  readonly pattern: RegExp
  readonly factory: LlmFactory
}

const registryKey = Symbol.for('adk-fluent.llm-registry')
const globalStore = globalThis as unknown as Record<symbol, RegistryEntry[] | undefined>

function entries(): RegistryEntry[] {
  let list = globalStore[registryKey]
  if (!list) {
    list = []
    globalStore[registryKey] = list
  }
  return list
}

/**
 * Resolves model names to {@link BaseLlm} instances. Names starting with `gemini` resolve to {@link Gemini};
 * `register` adds other families (latest registration wins). The registry lives on `globalThis` under a
 * `Symbol.for` key, so every module instance shares it.
 */
export const LLMRegistry = Object.freeze({
  /** Registers a factory for model names matching `pattern` (a RegExp or a name prefix). */
  register(pattern: RegExp | string, factory: LlmFactory): void {
    const regex =
      typeof pattern === 'string' ? new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : pattern
    entries().unshift({ pattern: regex, factory })
  },
  /** The factory for a model name, or `undefined`. */
  resolve(model: string): LlmFactory | undefined {
    const found = entries().find((entry) => entry.pattern.test(model))
    if (found) return found.factory
    if (/^(gemini|models\/gemini|projects\/.+\/gemini)/.test(model)) return (name) => new Gemini({ model: name })
    return undefined
  },
  /** A new model instance for a name; throws a {@link ConfigError} for unknown names. */
  newLlm(model: string): BaseLlm {
    const factory = LLMRegistry.resolve(model)
    if (!factory) {
      throw new ConfigError([
        {
          code: 'model_unknown',
          path: ['LLMRegistry', model],
          message: `Unknown model "${model}": no registered model matches it.`,
          hint: 'Use a "gemini-*" name, pass a BaseLlm instance, or call LLMRegistry.register(pattern, factory) first.',
        },
      ])
    }
    return factory(model)
  },
})
