/** An abort controller that also aborts when `parent` does; `dispose()` detaches it from the parent. */
export function createLinkedAbortController(parent: AbortSignal | undefined): {
  readonly controller: AbortController
  dispose(): void
} {
  const controller = new AbortController()
  if (!parent) return { controller, dispose: () => undefined }
  const forward = () => controller.abort(parent.reason)
  if (parent.aborted) forward()
  else parent.addEventListener('abort', forward, { once: true })
  return { controller, dispose: () => parent.removeEventListener('abort', forward) }
}
