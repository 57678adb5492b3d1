// @adk-fluent/a2a: serve any adk-fluent agent over A2A, and use remote A2A agents as steps.
export { serveA2a, type A2aServer, type A2aTarget, type ServeA2aOptions } from './serve-a2a.js'
export type { A2aAuthenticate, A2aCaller } from './a2a-caller.js'
export type {
  A2aAgentCard,
  A2aAgentInterface,
  A2aAgentSkill,
  A2aStoredTask,
  A2aTaskStore,
  AgentCardOverrides,
} from './a2a-card-types.js'
export { RemoteAgent } from './remote-agent.js'
export {
  RemoteA2aAgent,
  isRemoteA2aAgent,
  type RemoteA2aAgentConfig,
  type RemoteEventMetadata,
} from './remote-a2a-agent.js'
export { RemoteAgentError, type RemoteAgentErrorOptions, type RemoteAgentFailure } from './remote-agent-error.js'
export type { RemoteAgentSource } from './remote-card.js'
export type { RemoteAgentBuilder } from '@adk-fluent/fluent'
