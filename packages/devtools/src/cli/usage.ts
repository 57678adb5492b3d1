import { commands } from './commands.js'

type Registered = (typeof commands)[number]

const fileNote = `<file> is a TypeScript or JavaScript module exporting builders (no build step needed). When it exports several,
the one no other export contains is used (or the default export); --export <name> picks one. It may also be an ADK
agent config (a .yaml file, or a folder with root_agent.yaml) or a skill (a SKILL.md, or its folder).`

const repliesNote = `--replies: a JSON file { "agent": [reply, …] }; a reply is a string, { "text": "…" },
{ "call": "tool", "args": { … } } or an LlmResponse. anatomy: agents without replies answer with placeholders;
run, eval, web, api-server, a2a: the models run offline on these replies, even when a Gemini key is set.`

const modelsNote = `run: agents without a model of their own use Gemini when GOOGLE_API_KEY (or GEMINI_API_KEY) is set. Without a key,
a \`mockScript\` export (a list of replies, or { agentName: [replies] }) runs every model offline on a ScriptedLlm;
every turn (a run, a message or task served, an eval case) replays it from its first reply, as it does .mock() replies.`

const exitCodes = `Exit codes: 0 done, 1 failed (a run error, check found errors, or an eval case did not pass), 2 bad usage (unknown
command or option, a missing file or one that is not a module, a module that does not load, no exported builder,
a bad agent file, eval set or option value such as invalid --state JSON).`

const webNote = `web serves a module without a builder, or whose tree does not build, all the same: its page shows what can be
shown, every build issue, and why chat is off.`

/** The text of `adk-fluent --help`: every registered command's lines between a header and the notes. */
export const usage = `Usage: adk-fluent <command> <file> [options]

Commands:
${commands.map((command) => command.help).join('\n')}
  <command> --help (or -h)                 that command's usage
  --version                                this package's version

${fileNote}

${repliesNote}

${modelsNote}
${exitCodes}
${webNote}
`

/** Commands that run the models (offline on `--replies` or a `mockScript`, or on Gemini). */
const runsModels: ReadonlySet<string> = new Set(['run', 'eval', 'web', 'api-server', 'a2a'])

/**
 * The text of `adk-fluent <command> --help`: that command's lines of `--help`, with the notes that concern it (the
 * file, `--replies`, the models, exit codes).
 */
export function commandUsage(name: Registered['name']): string {
  const command = commands.find((candidate) => candidate.name === name) as Registered
  const notes = [
    fileNote,
    ...('replies' in command.options ? [repliesNote] : []),
    ...(runsModels.has(name) ? [modelsNote] : []),
    name === 'web' ? `${exitCodes}\n${webNote}` : exitCodes,
  ]
  return `Usage: adk-fluent ${command.help.trimStart()}\n\n${notes.join('\n\n')}\n\nadk-fluent --help lists every command.\n`
}
