// @ts-check
// The page's calls to its own server (same origin; see docs/web-api.md).

/** GET or POST JSON; throws an Error with the server's message on a non-2xx answer. */
export async function api(path, body) {
  const init =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(path, init)
  const data = response.status === 204 ? undefined : await response.json()
  if (!response.ok) throw new Error(data && data.error ? data.error : `${response.status} ${response.statusText}`)
  return data
}

/**
 * Follows a run's server-sent events. Each entry is handed over once, even when the connection drops and the
 * browser reconnects (the server resumes after Last-Event-ID; entries already seen are skipped here too).
 * Resolves when the run's `end` entry arrives.
 */
export function followRun(runId, onEntry, seen = new Set()) {
  return new Promise((resolve) => {
    const source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/stream`)
    source.onmessage = (message) => {
      const entry = JSON.parse(message.data)
      const key = `${entry.runId}:${entry.id}`
      if (seen.has(key)) return
      seen.add(key)
      onEntry(entry)
      if (entry.kind === 'end') {
        source.close()
        resolve(undefined)
      }
    }
    source.onerror = () => {
      // The browser reconnects on its own; a closed source (204: nothing left) means the run is over.
      if (source.readyState === EventSource.CLOSED) resolve(undefined)
    }
  })
}
