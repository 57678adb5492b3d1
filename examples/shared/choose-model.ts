import type { BaseLlm } from '@adk-fluent/core'
import { ScriptedLlm, type ScriptEntry } from '@adk-fluent/core/testing'

/** The model an example runs on, and a line saying which one it is. */
export interface ModelChoice {
  readonly model: string | BaseLlm
  readonly label: string
  readonly scripted: ScriptedLlm | undefined
}

/**
 * Gemini when `GOOGLE_API_KEY` (or `GEMINI_API_KEY`) is set — the model name from `ADK_FLUENT_MODEL`, default
 * `gemini-2.5-flash` — otherwise the example's scripted model, offline.
 */
export function chooseModel(
  script: readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): ModelChoice {
  if (environment['GOOGLE_API_KEY'] || environment['GEMINI_API_KEY']) {
    const name = environment['ADK_FLUENT_MODEL'] || 'gemini-2.5-flash'
    return { model: name, label: `Running on Gemini (${name}).`, scripted: undefined }
  }
  const scripted = new ScriptedLlm(script)
  return {
    model: scripted,
    label: 'Running offline on scripted models (set GOOGLE_API_KEY to run on Gemini).',
    scripted,
  }
}
