/**
 * The instruction followed by the context block:
 * `instruction + "\n\n<conversation_context>\n" + context + "\n</conversation_context>"`; the instruction alone when
 * the context is empty, the block alone when the instruction is empty.
 */
export function composeInstruction(instruction: string, contextText: string): string {
  if (contextText.length === 0) return instruction
  const block = `<conversation_context>\n${contextText}\n</conversation_context>`
  return instruction.length === 0 ? block : `${instruction}\n\n${block}`
}
