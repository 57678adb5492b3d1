export { ScriptedLlm, call, text } from './scripted-llm.js'
export type { ScriptEntry, ScriptStep, ScriptedLlmOptions } from './scripted-llm.js'
