import { injectSessionState, type Instruction, type ReadonlyContext } from '@adk-fluent/core'
import { compilePrompt, isPromptSpec } from '../namespaces/prompt/compile-prompt.js'
import { compileContext, composeInstruction, type ContextSpec } from '../namespaces/context/compile-context.js'
import { fromState, none } from '../namespaces/context/index.js'
import type { AgentInstruction, AgentNode } from '../ir/agent-node.js'

/** The instruction and history mode of a core `LlmAgent`. */
export interface LoweredInstruction {
  readonly instruction?: Instruction
  readonly includeContents?: 'default' | 'none'
}

/**
 * The context an agent sees: its `.context()` spec plus, for `.reads(...keys)`, `C.fromState(...keys)` (with
 * `C.none()` first unless `keepHistory`).
 */
export function effectiveContext(node: AgentNode): ContextSpec | undefined {
  const { reads } = node
  const fromReads = reads
    ? reads.keepHistory
      ? fromState(...reads.keys)
      : none().add(fromState(...reads.keys))
    : undefined
  if (node.context && fromReads) return node.context.add(fromReads)
  return node.context ?? fromReads
}

/**
 * Lowers `.instruct()` with `.reads()` / `.context()`. Without a context: a string stays a string (core resolves its
 * templates), a `P` prompt compiles to a string or a run-time provider, a function stays. With a context that renders
 * something: `includeContents` from the spec and one provider returning
 * `composeInstruction(developer instruction with templates resolved, context block)`.
 */
export function lowerInstruction(node: AgentNode): LoweredInstruction {
  const context = effectiveContext(node)
  const developer = node.instruction
  const compiled = developer === undefined ? undefined : compileDeveloperInstruction(developer)
  if (!context) return compiled === undefined ? {} : { instruction: compiled }
  const { includeContents, provider } = compileContext(context)
  if (!provider) return compiled === undefined ? { includeContents } : { includeContents, instruction: compiled }
  const resolve = developerResolver(compiled)
  return {
    includeContents,
    instruction: async (readonlyContext) => composeInstruction(await resolve(readonlyContext), await provider(readonlyContext)),
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
