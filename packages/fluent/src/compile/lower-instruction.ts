import { injectSessionState, type IncludeContents, type Instruction, type ReadonlyContext } from '@adk-fluent/core'
import { compilePrompt, isPromptSpec, promptUsesModel } from '../namespaces/prompt/compile-prompt.js'
import { compileContext, composeInstruction, type CompiledContext } from '../namespaces/context/compile-context.js'
import type { ContextHook } from '../namespaces/context/context-part.js'
import type { AgentInstruction, AgentNode } from '../ir/agent-node.js'
import { effectiveContext } from '../ir/effective-context.js'

/** The instruction and history mode of a core `LlmAgent`. */
export interface LoweredInstruction {
  readonly instruction?: Instruction
  readonly includeContents?: IncludeContents
  /** How many earlier user turns the context reads, so a run loads only that tail of the session. */
  readonly historyTurns?: number
}

/** What the context adds around the agent's run, and whether rendering the instruction calls a model. */
export interface InstructionExtras {
  readonly beforeAgent: readonly ContextHook[]
  readonly afterAgent: readonly ContextHook[]
  readonly usesModel: boolean
}

const noHooks: readonly ContextHook[] = Object.freeze([])

const noExtras: InstructionExtras = Object.freeze({ beforeAgent: noHooks, afterAgent: noHooks, usesModel: false })

/**
 * The agent's context compiled once, for {@link lowerInstruction} and {@link instructionExtras} (`undefined`: the
 * agent has no context).
 */
export function compiledContextOf(node: AgentNode): CompiledContext | undefined {
  const context = effectiveContext(node)
  return context ? compileContext(context) : undefined
}

/** The hooks of the agent's context and whether its instruction or context calls a model. */
export function instructionExtras(node: AgentNode, compiled: CompiledContext | undefined): InstructionExtras {
  const promptModel = isPromptSpec(node.instruction) && promptUsesModel(node.instruction)
  // Most agents have neither a context nor a P prompt that calls a model: one shared answer.
  if (compiled === undefined && !promptModel) return noExtras
  return {
    beforeAgent: compiled?.beforeAgent ?? noHooks,
    afterAgent: compiled?.afterAgent ?? noHooks,
    usesModel: promptModel || (compiled?.usesModel ?? false),
  }
}

/**
 * Lowers `.instruct()` with `.reads()` / `.context()`. Without a context: a string stays a string (core resolves its
 * templates), a `P` prompt compiles to a string or a run-time provider, a function stays. With a context that renders
 * something: `includeContents` from the spec and one provider returning
 * `composeInstruction(developer instruction with templates resolved, context block)`.
 */
export function lowerInstruction(node: AgentNode, context: CompiledContext | undefined): LoweredInstruction {
  const developer = node.instruction
  const compiled = developer === undefined ? undefined : compileDeveloperInstruction(developer)
  if (!context) return compiled === undefined ? {} : { instruction: compiled }
  const { includeContents, provider, historyTurns } = context
  // A developer function may read the whole session itself, so the bound holds only for strings and P prompts.
  const bounded = historyTurns !== undefined && typeof developer !== 'function'
  const history = bounded ? { includeContents, historyTurns } : { includeContents }
  if (!provider) return compiled === undefined ? history : { ...history, instruction: compiled }
  const resolve = developerResolver(compiled)
  return {
    ...history,
    instruction: async (readonlyContext) =>
      composeInstruction(await resolve(readonlyContext), await provider(readonlyContext)),
  }
}

function compileDeveloperInstruction(instruction: AgentInstruction): Instruction {
  return isPromptSpec(instruction) ? compilePrompt(instruction) : instruction
}

function developerResolver(instruction: Instruction | undefined): (context: ReadonlyContext) => Promise<string> {
  if (instruction === undefined) return async () => ''
  if (typeof instruction === 'string') return (context) => injectSessionState(instruction, context)
  return async (context) => instruction(context)
}
