// The SDK shapes of the public API (cards, the task store), written out here: `@a2a-js/sdk` ships ESM-only type declarations, which a
// CommonJS consumer's TypeScript cannot load, so no public type of this package refers to the SDK's. Each is a
// subset of the SDK's type of the same name (an SDK `AgentCard` is an `A2aAgentCard`).

/** Where and how an A2A agent is reached (`AgentInterface`). */
export interface A2aAgentInterface {
  readonly url: string
  /** `JSONRPC`, `HTTP+JSON` or `GRPC`. */
  readonly protocolBinding: string
  readonly tenant?: string
  /** `1.0`, `0.3`, … */
  readonly protocolVersion: string
}

/** One skill of an agent card (`AgentSkill`). */
export interface A2aAgentSkill {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly tags: readonly string[]
  readonly examples?: readonly string[]
  readonly inputModes?: readonly string[]
  readonly outputModes?: readonly string[]
}

/** An A2A agent card, A2A 1.0 shape (`AgentCard`): the fields adk-fluent reads and writes. */
export interface A2aAgentCard {
  readonly name: string
  readonly description: string
  readonly supportedInterfaces: readonly A2aAgentInterface[]
  readonly version?: string
  readonly provider?: { readonly url: string; readonly organization: string } | undefined
  readonly documentationUrl?: string | undefined
  readonly iconUrl?: string | undefined
  readonly capabilities?: { readonly streaming?: boolean | undefined } | undefined
  readonly defaultInputModes?: readonly string[]
  readonly defaultOutputModes?: readonly string[]
  readonly skills?: readonly A2aAgentSkill[]
}

/** Card fields `serveA2a` lets you set instead of those derived from the agent tree. */
export type AgentCardOverrides = Partial<
  Pick<
    A2aAgentCard,
    | 'name'
    | 'description'
    | 'version'
    | 'provider'
    | 'documentationUrl'
    | 'iconUrl'
    | 'skills'
    | 'defaultInputModes'
    | 'defaultOutputModes'
  >
>

/** A task as a task store keeps it (the SDK's `Task`): the fields adk-fluent reads. */
export interface A2aStoredTask {
  readonly id: string
  readonly contextId: string
}

/**
 * Where `serveA2a` keeps its tasks: the SDK's `TaskStore` interface (its `InMemoryTaskStore`, `DatabaseTaskStore` or
 * your own class implementing it all fit).
 */
export interface A2aTaskStore {
  save(task: A2aStoredTask, context?: unknown): Promise<void>
  load(taskId: string, context?: unknown): Promise<A2aStoredTask | undefined>
}
