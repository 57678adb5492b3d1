import type { Peer } from './peer.js'

/** The peers of scenario P, loaded on demand (each import may switch on the framework's async hooks). */
export const peerLoaders: Record<string, () => Promise<Peer>> = {
  'openai-agents': async () => (await import('./openai-agents.js')).openAiAgents,
  langgraph: async () => (await import('./langgraph.js')).langGraph,
  'ai-sdk': async () => (await import('./ai-sdk.js')).aiSdk,
  mastra: async () => (await import('./mastra.js')).mastra,
}
