import { neutralizeDelimiters } from './neutralize-context-value.js'

/**
 * The instruction followed by the context block:
 * `instruction + "\n\n<conversation_context>\n" + context + "\n</conversation_context>"`; the instruction alone when
 * the context is empty, the block alone when the instruction is empty. Delimiter tags inside the context text are
 * neutralised (see {@link neutralizeDelimiters}), so nothing rendered inside can close the block.
 */
export function composeInstruction(instruction: string, contextText: string): string {
  if (contextText.length === 0) return instruction
  const block = `<conversation_context>\n${neutralizeDelimiters(contextText)}\n</conversation_context>`
  return instruction.length === 0 ? block : `${instruction}\n\n${block}`
}
