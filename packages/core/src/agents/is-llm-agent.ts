import type { LlmAgent } from './llm-agent.js'
import { brandSymbol, hasBrand } from '../util/brand.js'

/** The brand every {@link LlmAgent} carries (a `Symbol.for` key, shared by every module instance). */
export const llmAgentBrand = brandSymbol('llm-agent')

/** True for any {@link LlmAgent}, whichever module instance created it. */
export function isLlmAgent(value: unknown): value is LlmAgent {
  return hasBrand(value, llmAgentBrand)
}
