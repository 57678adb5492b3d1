export { ScriptedLlm, call, text } from './scripted-llm.js'
export type { ScriptEntry, ScriptStep, ScriptedLlmOptions } from './scripted-llm.js'
export { checkPreviewFidelity } from './preview-fidelity.js'
export type { AgentSource, PreviewFidelity, PreviewFidelityOptions } from './preview-fidelity.js'
