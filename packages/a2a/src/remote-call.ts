import { TaskState, type Artifact, type Message, type Part, type StreamResponse, type Task } from '@a2a-js/sdk'
import { partsData, partsText } from './a2a-parts.js'

/** What a remote agent answered, gathered from a message, a task, or a stream of updates. */
export interface RemoteAnswer {
  readonly text: string
  readonly data: Record<string, unknown>
  readonly contextId: string
  readonly taskId: string
  /** The task's final state (`undefined` when the remote answered with a message). */
  readonly state: TaskState | undefined
}

/** Gathers the updates of one call (a blocking answer or a stream) into the remote's answer. */
export class RemoteCall {
  #contextId = ''
  #taskId = ''
  #state: TaskState | undefined
  #statusMessage: Message | undefined
  #message: Message | undefined
  readonly #artifacts = new Map<string, Artifact>()

  get taskId(): string {
    return this.#taskId
  }

  /** Takes the result of a blocking `sendMessage`. */
  result(result: Message | Task): void {
    if ('messageId' in result) this.#takeMessage(result)
    else this.#takeTask(result)
  }

  /** Takes one update of `sendMessageStream`. */
  update(response: StreamResponse): void {
    const payload = response.payload
    if (!payload) return
    switch (payload.$case) {
      case 'message':
        return this.#takeMessage(payload.value)
      case 'task':
        return this.#takeTask(payload.value)
      case 'statusUpdate':
        this.#taskId = payload.value.taskId || this.#taskId
        this.#contextId = payload.value.contextId || this.#contextId
        this.#takeStatus(payload.value.status?.state, payload.value.status?.message)
        return
      case 'artifactUpdate': {
        const artifact = payload.value.artifact
        if (!artifact) return
        const earlier = this.#artifacts.get(artifact.artifactId)
        this.#artifacts.set(
          artifact.artifactId,
          payload.value.append && earlier ? { ...earlier, parts: [...earlier.parts, ...artifact.parts] } : artifact,
        )
        return
      }
    }
  }

  /** The answer: the artifacts' parts when there are any, else the last status message or message. */
  answer(): RemoteAnswer {
    const artifactParts: Part[] = [...this.#artifacts.values()].flatMap((artifact) => artifact.parts)
    const parts = artifactParts.length > 0 ? artifactParts : (this.#message?.parts ?? this.#statusMessage?.parts ?? [])
    return {
      text: partsText(parts),
      data: partsData(parts),
      contextId: this.#contextId,
      taskId: this.#taskId,
      state: this.#state,
    }
  }

  /** The text of the last status message (why a task failed), if any. */
  statusText(): string {
    return this.#statusMessage ? partsText(this.#statusMessage.parts) : ''
  }

  #takeMessage(message: Message): void {
    this.#message = message
    this.#contextId = message.contextId || this.#contextId
    this.#taskId = message.taskId || this.#taskId
  }

  #takeTask(task: Task): void {
    this.#taskId = task.id
    this.#contextId = task.contextId || this.#contextId
    for (const artifact of task.artifacts ?? []) this.#artifacts.set(artifact.artifactId, artifact)
    this.#takeStatus(task.status?.state, task.status?.message)
  }

  #takeStatus(state: TaskState | undefined, message: Message | undefined): void {
    if (state !== undefined) this.#state = state
    if (message && message.parts.length > 0) this.#statusMessage = message
  }
}
