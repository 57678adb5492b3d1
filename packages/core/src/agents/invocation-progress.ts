import type { Event } from '../events/event.js'
import type { BaseAgent } from './base-agent.js'

/**
 * Whether an agent's run (and everything it ran) paused. Each agent of a resumable run has its own scope, linked to
 * the scope of the agent that ran it (a parent, or the agent that transferred to it): a pause marks the scope and
 * every scope above it, so the agents that depend on the paused one stop too, while a parallel sibling (another
 * chain) runs on.
 */
export class PauseScope {
  #paused = false
  readonly #parent: PauseScope | undefined

  constructor(parent: PauseScope | undefined) {
    this.#parent = parent
  }

  get paused(): boolean {
    return this.#paused
  }

  /** Marks this scope and every scope above it as paused. */
  pause(): void {
    for (let scope: PauseScope | undefined = this; scope && !scope.#paused; scope = scope.#parent) scope.#paused = true
  }
}

/** The `agentState` a `LoopAgent` records at the start of each iteration. */
export interface LoopCheckpoint {
  readonly timesLooped: number
}

function descendants(agent: BaseAgent, into: string[] = []): string[] {
  for (const sub of agent.subAgents) {
    into.push(sub.name)
    descendants(sub, into)
  }
  return into
}

function ancestorsAndSelf(agent: BaseAgent): string[] {
  const names: string[] = []
  for (let current: BaseAgent | undefined = agent; current; current = current.parentAgent) names.push(current.name)
  return names
}

/**
 * The progress of one invocation of a resumable run, shared by every agent of it. A fresh invocation starts empty;
 * a resumed one ({@link InvocationProgress.fromEvents}) is the fold of the invocation's stored events: which agents
 * started (authored an event, themselves or below them), which ended (`actions.endOfAgent`, as ADK Python's resumable
 * apps record it; this runtime derives the end of its agents from their events instead) and where each loop was
 * (`actions.agentState`). A loop's checkpoint starts a new iteration: what its sub-agents did in earlier iterations
 * is forgotten. Agents are known by name, as in ADK (names are unique in a tree).
 */
export class InvocationProgress {
  /** True when the invocation resumes stored events (not a new one). */
  readonly resuming: boolean
  readonly #ended: Set<string>
  /** Agents that started and did not end, with the index (in the session's events) of their first event. */
  readonly #started: Map<string, number>
  readonly #loops: Map<string, LoopCheckpoint>

  private constructor(
    resuming: boolean,
    ended: Set<string>,
    started: Map<string, number>,
    loops: Map<string, LoopCheckpoint>,
  ) {
    this.resuming = resuming
    this.#ended = ended
    this.#started = started
    this.#loops = loops
  }

  /** The progress of a new invocation: nothing ran yet. */
  static fresh(): InvocationProgress {
    return new InvocationProgress(false, new Set(), new Map(), new Map())
  }

  /** The progress of invocation `invocationId` as its stored `events` (the session's, in order) record it. */
  static fromEvents(root: BaseAgent, events: readonly Event[], invocationId: string): InvocationProgress {
    const ended = new Set<string>()
    const started = new Map<string, number>()
    const loops = new Map<string, LoopCheckpoint>()
    for (let index = 0; index < events.length; index++) {
      const event = events[index] as Event
      if (event.invocationId !== invocationId || event.author === 'user' || !event.author) continue
      const agent = root.findAgent(event.author)
      if (!agent) continue
      const state = event.actions.agentState
      if (state && typeof state['timesLooped'] === 'number') {
        for (const name of descendants(agent)) {
          ended.delete(name)
          started.delete(name)
          loops.delete(name)
        }
        loops.set(agent.name, { timesLooped: state['timesLooped'] })
      }
      for (const name of ancestorsAndSelf(agent)) if (!started.has(name)) started.set(name, index)
      if (event.actions.endOfAgent) ended.add(agent.name)
    }
    for (const name of ended) started.delete(name)
    return new InvocationProgress(true, ended, started, loops)
  }

  /** True (once) when the agent already ended in this invocation: a resume does not run it again. */
  takeEnded(name: string): boolean {
    return this.#ended.delete(name)
  }

  /** True when the agent started in this invocation (it or an agent below it authored an event) and did not end. */
  hasStarted(name: string): boolean {
    return this.#started.has(name)
  }

  /**
   * Where the agent's stored events of this invocation begin (an index in the session's events) when it started and
   * did not end — it is re-entered, not started — else `undefined`. Answered once per agent.
   */
  takeResumePoint(name: string): number | undefined {
    const index = this.#started.get(name)
    if (index !== undefined) this.#started.delete(name)
    return index
  }

  /** The loop's last checkpoint (once): the iteration it was in. */
  takeLoopCheckpoint(name: string): LoopCheckpoint | undefined {
    const checkpoint = this.#loops.get(name)
    if (checkpoint) this.#loops.delete(name)
    return checkpoint
  }

  /**
   * Where a re-entered sequence of `agents` goes on: at the last one that started (those before it finished, even the
   * ones that wrote no event); 0 when none started.
   */
  resumeIndex(agents: readonly BaseAgent[]): number {
    for (let index = agents.length - 1; index > 0; index--)
      if (this.#started.has((agents[index] as BaseAgent).name)) return index
    return 0
  }

  /** A loop starts an iteration: its sub-agents run afresh (nothing recorded before counts for them). */
  beginIteration(loop: BaseAgent): void {
    if (!this.resuming) return
    for (const name of descendants(loop)) {
      this.#ended.delete(name)
      this.#started.delete(name)
      this.#loops.delete(name)
    }
  }
}
