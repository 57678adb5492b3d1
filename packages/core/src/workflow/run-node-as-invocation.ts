import type { Content } from '../models/genai-types.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { createEvent, type Event } from '../events/event.js'
import { toContent, type BaseNode } from './base-node.js'
import { NodeContext } from './node-context.js'
import { NodeEventQueue } from './node-event-queue.js'
import { invocationEvents, isPlainText, soleOpenInputRequest } from './rehydration.js'

/** Options of {@link runNodeAsInvocation} (ADK 2.0 `RunNodeAsInvocationOptions`). */
export interface RunNodeAsInvocationOptions {
  /** The author of the event announcing the node's output (default the node's name). */
  author?: string
}

/**
 * Runs a node (a workflow) as a whole invocation: its input is the user's message (its text, or the content), its
 * events are yielded in order — each node waits until the caller (the runner) took its event, i.e. stored it — and,
 * when its output is not the last output already seen, a final event from the node announces it. When the caller
 * stops early, the node's run is cancelled.
 */
export async function* runNodeAsInvocation(
  node: BaseNode,
  ic: InvocationContext,
  options: RunNodeAsInvocationOptions = {},
): AsyncGenerator<Event, void, undefined> {
  const author = options.author ?? node.name
  const queue = new NodeEventQueue()
  const abort = new AbortController()
  const parent = ic.abortSignal
  const onAbort = () => abort.abort()
  if (parent?.aborted) abort.abort()
  else parent?.addEventListener('abort', onAbort, { once: true })
  const root = new NodeContext({
    invocationContext: ic.clone({ abortSignal: abort.signal }),
    channel: queue,
    nodePath: '',
    runId: author,
    resumeInputs: plainTextReply(ic),
  })
  let interrupted = false
  let finished = false
  const settled = root.runNode(node, nodeInput(ic), { useAsOutput: true }).then(
    (result) => {
      finished = true
      interrupted = result.interruptIds.length > 0
      queue.close()
    },
    (error: unknown) => {
      finished = true
      queue.fail(error)
    },
  )
  let lastOutput: unknown
  let sawOutput = false
  try {
    for (;;) {
      const item = queue.take()
      if (!item) {
        if (queue.closed) {
          if (queue.failure) throw queue.failure.error
          break
        }
        await queue.wait()
        continue
      }
      const event = item.event
      if (event.output !== undefined) {
        lastOutput = event.output
        sawOutput = true
      }
      try {
        yield event
      } finally {
        // The event is stored (or the caller stopped here): its node goes on.
        item.stored?.()
      }
    }
  } finally {
    if (!finished) abort.abort()
    queue.drop()
    parent?.removeEventListener('abort', onAbort)
    await settled
  }
  // Waiting for answers: in a resumable run the agents that depend on this one wait too (see PauseScope).
  if (interrupted && ic.progress) ic.pauseScope?.pause()
  if (interrupted || root.output === undefined || (sawOutput && Object.is(lastOutput, root.output))) return
  const event = createEvent({ author, invocationId: ic.invocationId, output: root.output })
  const content = toContent(root.output)
  if (content) event.content = content
  if (ic.branch !== undefined) event.branch = ic.branch
  yield event
}

/**
 * A plain-text message resuming the invocation answers its one open request for input (ADK 2.0): `{ [id]: text }`.
 */
function plainTextReply(ic: InvocationContext): Record<string, unknown> | undefined {
  const content = ic.userContent
  if (!isPlainText(content)) return undefined
  const events = invocationEvents(ic.session.events, ic.invocationId)
  const open = events.length > 0 ? soleOpenInputRequest(events) : undefined
  if (!open) return undefined
  let text = ''
  for (const part of content?.parts ?? []) text += part.text ?? ''
  return { [open.id]: text }
}

/**
 * The node's input: the text of the user's message (its content when it has no text); when the invocation resumes
 * without a message, the message that started it.
 */
function nodeInput(ic: InvocationContext): unknown {
  let content: Content | undefined = ic.userContent
  if (!content) {
    for (const event of ic.session.events) {
      if (event.invocationId === ic.invocationId && event.author === 'user' && event.content) {
        content = event.content
        break
      }
    }
  }
  if (!content) return undefined
  const parts = content.parts ?? []
  if (parts.some((part) => typeof part.text === 'string')) {
    let text = ''
    for (const part of parts) if (typeof part.text === 'string') text += part.text
    return text
  }
  return content
}
