import { markdownTable, notes, tableHeader, THEIRS, verdict, type ResultRow } from './report.js'

/** What each scenario measures, one Markdown list item each (the "Scenarios" section of the results). */
export const scenarioDescriptions: Readonly<Record<string, string>> = {
  A: '- **A** one turn of one `LlmAgent` (instruction, no tools) on a fresh session.',
  B: `- **B** a \`SequentialAgent\` of 10 \`LlmAgent\`s, each reading the previous one's \`outputKey\` through a \`{key}\`
  template; turn time / 10.`,
  C: '- **C** a `ParallelAgent` of 100 `LlmAgent`s whose model answers after 20 ms: wall time of the turn.',
  D: `- **D** one turn on a session that already holds N events (appended through each runtime's session service), for
  \`includeContents: 'default'\`, \`'none'\`, and a last-5-turns context window.`,
  E: '- **E** one turn with one tool round trip: model calls a `FunctionTool` (zod parameters), the tool runs, model answers.',
  F: `- **F** heap retained by an \`InMemoryRunner\` after 1,000 sessions × 10 real turns (20 events each), measured as the
  \`heapUsed\` delta around the fill with \`gc()\` on both ends.`,
  G: "- **G** `import()` time in a fresh node process (node's own start-up excluded), of the built packages.",
  H: '- **H** fluent `build()` cost (no counterpart in @google/adk; compared with constructing the agents by hand).',
  I: `- **I** \`@adk-fluent/dbos\` (no counterpart in @google/adk): pipelines of 5 and 20 steps as durable runs against
  the plain \`Runner\`, both on the same PostgreSQL session store (\`PostgresSessionService\`), runs alternating: the
  overhead per step all in, per added step and once per run; one DBOS step, stream write and empty workflow measured
  alone for comparison; and runs per second that 1, 2 and 4 worker processes finish from one queue. Needs
  \`ADK_FLUENT_TEST_PG_URL\`; skipped without it.`,
  J: `- **J** \`previewRun\` (no counterpart in @google/adk) of scenario B's 10-step pipeline — the real runner on a stand-in
  model, every request recorded with a state copy — against the same turn on a \`ScriptedLlm\`; agents, runner and
  session are built per operation on both sides. Target: 2 ms per preview.`,
  K: `- **K** \`@adk-fluent/sessions\` on SQLite (a temp file) and PostgreSQL: append per event and \`getSession\` of the
  last 50 of 10,000 events; one turn on a persisted session of 1k / 5k / 20k events for \`includeContents: 'default'\`,
  \`'none'\` and fluent's \`C.window(5)\`; on PostgreSQL against the same turn on \`@google/adk\` 2.0.0's
  \`DatabaseSessionService\` on the same server. Needs \`ADK_FLUENT_TEST_PG_URL\` for the PostgreSQL rows.`,
  P: `- **P** A, E and B on other agent frameworks, each through its own model interface with a zero-latency fake
  (bench/src/peers/), against our core runner; the "theirs" column holds the peer the row names. Each peer is
  measured alone in a fresh process, then with every peer loaded in one process (their async hooks make every
  promise dearer). B here is per run (10 model calls), not per model call.`,
  R: `- **R** pause and resume (no counterpart row in @google/adk): one \`LlmAgent\` turn whose tool call needs approval
  (\`requireConfirmation\`) — the turn that pauses, then another runner reading the session's inbox and answering
  (\`answerInterrupts\`) — against the same turn with a tool that needs none (the anchor), alternately on fresh
  sessions, in memory, on SQLite and PostgreSQL (resumable \`App\`), and as durable runs (the pause ends its
  workflow, the answer is a new run); medians (min–max) in the table, p95 in the notes.`,
}

/** "Targets: n met, m missed (…)." for the given rows. */
export function targetsLine(rows: readonly { scenario: string; name: string; verdict: string }[]): string {
  const met = rows.filter((row) => row.verdict === 'met').length
  const missed = rows.filter((row) => row.verdict === 'MISSED')
  return `Targets: ${met} met, ${missed.length} missed${missed.length > 0 ? ` (${missed.map((row) => `${row.scenario} ${row.name}`).join('; ')})` : ''}.`
}

/** The whole results document of one run. */
export function resultsDocument(rows: readonly ResultRow[], header: string): string {
  const targets = targetsLine(rows.map((row) => ({ scenario: row.scenario, name: row.name, verdict: verdict(row) })))
  return `${header}

${markdownTable(rows)}

${targets}

## Notes

${notes(rows).join('\n')}

## Scenarios

${Object.values(scenarioDescriptions).join('\n')}
`
}

const tableRow = /^\| ([A-Z]) \| /

/** The cells of a Markdown table line (escaped `\|` stays inside its cell). */
function cellsOf(line: string): string[] {
  return line
    .slice(2, -2)
    .split(/ (?<!\\)\| /)
    .map((cell) => cell.replaceAll('\\|', '|'))
}

/**
 * Merges the rows of some scenarios, measured by a separate `pnpm bench --only=…` run, into a full results document:
 * their table rows, notes and scenario descriptions replace the old ones (the rest stays), the targets line is
 * recounted, and a note says when and where the merged scenarios were measured.
 */
export function mergeResults(
  latest: string,
  rows: readonly ResultRow[],
  scenarios: readonly string[],
  provenance: string,
): string {
  const merged = new Set(scenarios)
  const lines = latest.split('\n')
  const firstRow = lines.findIndex((line) => tableRow.test(line))
  if (firstRow < 0) throw new Error('merge: the results document has no table rows')
  let end = firstRow
  while (end < lines.length && (lines[end] as string).startsWith('|')) end++
  const kept = lines.slice(firstRow, end).filter((line) => !merged.has(tableRow.exec(line)?.[1] ?? ''))
  const added = markdownTable(rows).split('\n').slice(2)
  const scenarioOf = (line: string) => tableRow.exec(line)?.[1] ?? ''
  // Stable: kept rows keep their order, merged rows go after the kept rows of earlier scenarios.
  const table = [...kept, ...added].sort((a, b) => scenarioOf(a).localeCompare(scenarioOf(b)))
  const before = lines.slice(0, firstRow)
  const after = lines.slice(end)
  // The column header as this version names it (a document written before the rename said "@google/adk").
  if (firstRow >= 2 && (before[firstRow - 2] ?? '').startsWith('| ')) before[firstRow - 2] = tableHeader()
  if (firstRow >= 3 && before[firstRow - 3] === '' && !before.includes(THEIRS)) before.splice(firstRow - 3, 0, THEIRS)

  const verdicts = table.map((line) => {
    const cells = cellsOf(line)
    return { scenario: cells[0] ?? '', name: cells[1] ?? '', verdict: cells[6] ?? '' }
  })
  const targetsIndex = after.findIndex((line) => line.startsWith('Targets: '))
  if (targetsIndex >= 0) after[targetsIndex] = targetsLine(verdicts)

  const notesStart = after.indexOf('## Notes')
  const scenariosStart = after.indexOf('## Scenarios')
  if (notesStart < 0 || scenariosStart < notesStart) throw new Error('merge: no "## Notes" / "## Scenarios" sections')
  const noteLines = after
    .slice(notesStart + 1, scenariosStart)
    .filter((line) => line.startsWith('- **') && !merged.has(line.slice(4, 5)))
  const newNotes = [...noteLines, ...notes(rows), provenance].sort((a, b) => a.slice(4, 5).localeCompare(b.slice(4, 5)))
  const descriptions = Object.entries(scenarioDescriptions)
    .filter(([id]) => merged.has(id) || after.slice(scenariosStart).some((line) => line.startsWith(`- **${id}**`)))
    .map(([, text]) => text)
  return [
    ...before,
    ...table,
    ...after.slice(0, notesStart + 1),
    '',
    ...newNotes,
    '',
    '## Scenarios',
    '',
    ...descriptions,
    '',
  ].join('\n')
}
