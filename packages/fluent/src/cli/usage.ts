/** The text of `adk-fluent --help`. */
export const usage = `Usage: adk-fluent <command> <file> [options]

Commands:
  explain <file> [--json]                  model, instruction, data flow, tools, children and contract issues
  graph <file> [--format ascii|mermaid]    the topology, with data-flow edges labelled by state key
  anatomy <file> [--state '{json}'] [--message text] [--replies file.json] [--at agent] [--json]
                                           what each model receives: without options symbolically; with them,
                                           every model call of a previewed run (a stand-in model, no network),
                                           --at one agent's calls, --json the recorded requests
  check <file> [--state '{json}']          the contract checker (exit code 1 when it finds errors)
  run <file> "<prompt>" [--state '{json}'] [--json] [--sessions uri] [--session id]
                                           run once: the answer streams, with the agent at work shown;
                                           --json prints every event as a JSON line; --session id
                                           continues a stored conversation (sqlite:./file.db | postgresql://… |
                                           memory:; --session alone uses sqlite:.adk/sessions.db; stored
                                           sessions need @adk-fluent/sessions and its driver)
  eval <file> <evalset.json>[:case_id,...] [--config_file_path f] [--num_runs n] [--print_detailed_results]
       [--junit results.xml]               ADK eval sets (needs @adk-fluent/eval): scores, ADK's report, the result
                                           under .adk/eval_history/; exit code 1 when a case does not pass
  web <file> [--port 8000] [--sessions memory:] [--session id]
                                           the dev UI on 127.0.0.1: graph, anatomy, chat with a live trace,
                                           sessions (see docs/web-api.md); --session opens that session

<file> is a TypeScript or JavaScript module exporting builders (no build step needed). When it exports several,
the one no other export contains is used (or the default export); --export <name> picks one.

anatomy --replies: a JSON file { "agent": [reply, …] }; a reply is a string, { "text": "…" },
{ "call": "tool", "args": { … } } or an LlmResponse. Agents without replies answer with placeholders.

run: agents without a model of their own use Gemini when GOOGLE_API_KEY (or GEMINI_API_KEY) is set. Without a key,
a \`mockScript\` export (a list of replies, or { agentName: [replies] }) runs every model offline on a ScriptedLlm.
Exit codes: 0 done, 1 failed (a run error, check found errors, or an eval case did not pass), 2 bad usage (unknown
command, missing file, no exported builder, invalid --state JSON).
`
