import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commands } from './commands.js'
import { runCli } from './main.js'
import { offlineNote } from './commands/run.js'
import { flow } from './fixtures/writer-critic.js'
import { fixture, runBin } from './run-bin.test-helper.js'

const writerCritic = fixture('writer-critic.ts')
const classifier = fixture('classifier.ts')

describe('adk-fluent (the real bin, TypeScript modules loaded without a build)', { timeout: 90_000 }, () => {
  it('prints the usage with --help', async () => {
    const result = await runBin(['--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Usage: adk-fluent <command> <file> \[options\]\n/)
    expect(result.stderr).toBe('')
    // Every registered command has its lines in the help.
    for (const command of commands) expect(result.stdout).toContain(`\n  ${command.name} <file>`)
  })

  it("prints one command's usage with <command> --help, -h (anywhere an option may be) or help <command>", async () => {
    for (const command of commands) {
      for (const argv of [
        [command.name, '--help'],
        [command.name, '-h'],
        ['help', command.name],
        [command.name, writerCritic, '--export', 'flow', '--help'],
      ]) {
        let out = ''
        const io = {
          stdout: { write: (text: string) => (out += text) },
          stderr: { write: () => true },
          env: {},
          cwd: '.',
        }
        expect(await runCli(argv, io), argv.join(' ')).toBe(0)
        expect(out.startsWith(`Usage: adk-fluent ${command.name} `), out).toBe(true)
        expect(out).toContain(command.help.trim().split('\n').at(-1)?.trim())
        expect(out).toContain('Exit codes: 0 done')
        expect(out.includes('--replies: a JSON file')).toBe('replies' in command.options)
      }
    }
  })

  it('prints the package version with --version (and -v)', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    for (const flag of ['--version', '-v']) {
      const result = await runBin([flag])
      expect(result).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' })
    }
  })

  it('explains the root builder of a module (the export no other export contains)', async () => {
    const result = await runBin(['explain', writerCritic])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${flow.explain()}\n`)
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      'Pipeline: writer_then_critic',
      '  Callbacks: (none)',
      '  Children (2): writer, critic',
      '  Contract issues: (none)',
    ])
  })

  it('explains one export with --export, and as JSON with --json', async () => {
    const writer = await runBin(['explain', writerCritic, '--export', 'writer'])
    expect(writer.stdout.split('\n')[0]).toBe('Agent: writer')
    const json = await runBin(['explain', writerCritic, '--json'])
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout) as { kind: string; name: string; children: { name: string }[] }
    expect([report.kind, report.name, report.children.map((child) => child.name)]).toEqual([
      'Pipeline',
      'writer_then_critic',
      ['writer', 'critic'],
    ])
  })

  it('draws the graph as ascii (default) and as mermaid', async () => {
    const ascii = await runBin(['graph', writerCritic])
    expect(ascii.code).toBe(0)
    expect(ascii.stdout).toBe(
      [
        'writer_then_critic (Pipeline)',
        '├── writer (Agent)  reads: topic  writes: draft',
        '└── critic (Agent)  reads: draft',
        '',
        'Data flow:',
        '  (initial state) --[topic]--> writer',
        '  writer --[draft]--> critic',
        '',
      ].join('\n'),
    )
    const mermaid = await runBin(['graph', writerCritic, '--format=mermaid'])
    expect(mermaid.stdout).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["writer_then_critic (Pipeline)"]',
        '        n2["writer (Agent)"]',
        '        n3["critic (Agent)"]',
        '    end',
        '    n2 --> n3',
        '    initial[("initial state")]',
        '    initial -. "topic" .-> n2',
        '    n2 -. "draft" .-> n3',
        '',
      ].join('\n'),
    )
  })

  it('shows the anatomy symbolically, and resolved with --state', async () => {
    const symbolic = await runBin(['anatomy', classifier])
    expect(symbolic.stdout.split('\n').slice(0, 3)).toEqual([
      'LLM Call Anatomy: classifier',
      '  1. System:     "Classify: {query}"',
      '                 → {query} templated from state at runtime',
    ])
    const resolved = await runBin([
      'anatomy',
      classifier,
      '--state',
      '{"query":"refund please"}',
      '--message',
      'Money back!',
    ])
    expect(resolved.code).toBe(0)
    expect(resolved.stdout.split('\n').slice(0, 9)).toEqual([
      'LLM Call Anatomy: classifier — call 1 of 1',
      '  1. System:     "Classify: refund please',
      '',
      '                 <conversation_context>',
      '                 [query]: refund please',
      '                 </conversation_context>"',
      "  2. History:    SUPPRESSED (includeContents: 'isolated', set by .reads()) — no earlier agent's reply",
      '                 contents sent (1):',
      '                 [user] Money back!',
    ])
  }, 120_000)

  it('prints every model call of a pipeline, one agent with --at, replies from --replies, requests with --json', async () => {
    const all = await runBin(['anatomy', writerCritic, '--state', '{"topic":"cats"}', '--message', 'Go'])
    expect(all.stderr).toBe('')
    expect(all.stdout.match(/^LLM Call Anatomy: .*$/gm)).toEqual([
      'LLM Call Anatomy: writer — call 1 of 2',
      'LLM Call Anatomy: critic — call 2 of 2',
    ])
    expect(all.stdout).toContain("                 [draft]: ⟨writer's reply⟩")
  }, 120_000)

  it('checks contracts: exit 0 without errors, 1 with errors', async () => {
    const clean = await runBin(['check', writerCritic])
    expect([clean.code, clean.stdout]).toEqual([0, 'No contract issues.\n'])
    const broken = await runBin(['check', fixture('broken-contract.ts')])
    expect(broken.code).toBe(1)
    expect(broken.stdout.split('\n')[0]).toBe(
      '[ERROR] critic: state key "draft" is read by "critic" ({draft} in the instruction) but written only by "writer", which runs after it.',
    )
  })

  it('runs a module offline on its mockScript: plain [agent] lines when piped', async () => {
    const result = await runBin(['run', writerCritic, 'Go', '--state', '{"topic":"cats"}'])
    // Without a key it says it runs offline, on stderr (stdout is the answer).
    expect(result.stderr).toBe(offlineNote(writerCritic))
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('[writer] Cats sleep a lot.\n[critic] Clear and short.\n')
  })

  it('prints every event as a JSON line with --json, streamed chunks included', async () => {
    const result = await runBin(['run', writerCritic, 'Go', '--state', '{"topic":"cats"}', '--json'])
    expect(result.code).toBe(0)
    const events = result.stdout
      .trimEnd()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { author: string; partial?: boolean; content?: { parts?: { text?: string }[] } },
      )
    const finals = events.filter((event) => !event.partial && event.content?.parts?.[0]?.text)
    expect(finals.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([
      ['writer', 'Cats sleep a lot.'],
      ['critic', 'Clear and short.'],
    ])
    expect(
      events
        .filter((event) => event.partial)
        .map((event) => event.content?.parts?.[0]?.text)
        .join(''),
    ).toBe('Cats sleep a lot.Clear and short.')
  })

  it('runs agents that name a Gemini model offline on the mockScript when no key is set', async () => {
    const result = await runBin(['run', fixture('named-models.ts'), 'Go'])
    expect([result.code, result.stdout, result.stderr]).toEqual([
      0,
      '[writer] Cats sleep a lot.\n[critic] Clear and short.\n',
      offlineNote(fixture('named-models.ts')),
    ])
  })

  it('exits 1 when a model call ends in an error', async () => {
    const result = await runBin(['run', fixture('failing-model.ts'), 'Go'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('[helper] error: The model is overloaded.\n')
  })

  it('runs agents on their own scripted model without any key', async () => {
    const result = await runBin(['run', classifier, 'refund', '--state', '{"query":"refund"}'])
    expect([result.code, result.stdout]).toEqual([0, '[classifier] {"category":"billing","confidence":0.9}\n'])
  })

  it('exits when done even if the module started a timer at import (explain, graph, check)', async () => {
    const file = fixture('timer-at-import.ts')
    const results = await Promise.all([runBin(['explain', file]), runBin(['graph', file]), runBin(['check', file])])
    expect(results.map((result) => result.code)).toEqual([0, 0, 0])
    expect(results[0]?.stdout).toMatch(/^Agent: helper\n/)
    expect(results[2]?.stdout).toBe('No contract issues.\n')
  }, 90_000)

  it('stops on a contract error before any model call (exit 1)', async () => {
    const result = await runBin(['run', fixture('broken-contract.ts'), 'Go'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(
      /^adk-fluent: invalid configuration: critic_then_writer\.steps\.0\.critic\.instruct: state key "draft"/,
    )
  })
})

describe.concurrent('adk-fluent errors: one line on stderr, exit code 2', { timeout: 90_000 }, () => {
  const cases: [string, string[], RegExp][] = [
    ['a missing file', ['explain', 'no/such/file.ts'], /^adk-fluent: file not found: no\/such\/file\.ts\n$/],
    [
      "a module that throws while loading, with the module's own message and line",
      ['check', fixture('throws-at-load.ts')],
      /^adk-fluent: cannot load .*throws-at-load\.ts: ReferenceError: not_defined_here is not defined \(at .*throws-at-load\.ts:3:\d+\)\n$/,
    ],
    [
      'a module without builders',
      ['graph', fixture('no-builder.ts')],
      /^adk-fluent: .*no-builder\.ts exports no fluent builder\. Export one, for example: export const agent = Agent\('helper'\)\.instruct\('\.\.\.'\)\n$/,
    ],
    [
      'invalid --state JSON',
      ['anatomy', classifier, '--state', '{topic:'],
      /^adk-fluent: --state is not valid JSON \(.+\)\. Pass an object, for example --state '\{"topic":"cats"\}'\.\n$/,
    ],
    [
      '--state that is not an object',
      ['run', writerCritic, 'Go', '--state', '[1]'],
      /^adk-fluent: --state must be a JSON object such as '\{"topic":"cats"\}', got an array\.\n$/,
    ],
    [
      'an unknown command',
      ['draw', writerCritic],
      /^adk-fluent: unknown command "draw"\. Commands: explain, graph, anatomy, check, run, eval, web, api-server, a2a \(see adk-fluent --help\)\.\n$/,
    ],
    [
      'a misspelt command, with the closest one',
      ['chek', writerCritic],
      /^adk-fluent: unknown command "chek"\. Did you mean "check"\? Commands: explain, graph, .*\n$/,
    ],
    [
      'an unknown option',
      ['graph', writerCritic, '--colour'],
      /^adk-fluent: unknown option --colour for "graph" \(it takes --export, --format, --help\)\.\n$/,
    ],
    [
      'a misspelt --help',
      ['run', writerCritic, '--hlep'],
      /^adk-fluent: unknown option --hlep for "run" \(it takes .*, --help\)\. Did you mean --help\?\n$/,
    ],
    [
      'a misspelt option, with the closest one',
      ['run', writerCritic, 'Go', '--replys', 'r.json'],
      /^adk-fluent: unknown option --replys for "run" \(it takes .*\)\. Did you mean --replies\?\n$/,
    ],
    [
      'an unknown graph format',
      ['graph', writerCritic, '--format', 'svg'],
      /^adk-fluent: --format must be mermaid or ascii, got "svg"\.\n$/,
    ],
    [
      'a misspelt graph format',
      ['graph', writerCritic, '--format', 'mermiad'],
      /^adk-fluent: --format must be mermaid or ascii, got "mermiad"\. Did you mean "mermaid"\?\n$/,
    ],
    [
      'an unknown export',
      ['explain', writerCritic, '--export', 'editor'],
      /^adk-fluent: .* has no exported builder named "editor" \(builders: critic, flow, writer\)\.\n$/,
    ],
    [
      'a misspelt export',
      ['explain', writerCritic, '--export', 'writr'],
      /^adk-fluent: .* has no exported builder named "writr" \(builders: critic, flow, writer\)\. Did you mean "writer"\?\n$/,
    ],
    [
      'a misspelt --at agent',
      ['anatomy', writerCritic, '--state', '{"topic":"cats"}', '--at', 'critc'],
      /^adk-fluent: --at critc: the tree has no agent of that name \(its agents: writer, critic\)\. Did you mean "critic"\?\n$/,
    ],
    [
      'replies for an agent the tree does not have (a --replies file)',
      ['run', fixture('classifier.ts'), 'Go', '--replies', fixture('writer-critic-replies.json')],
      /^adk-fluent: --replies file .*writer-critic-replies\.json has replies for "writer", which is no agent that answers from them \(none\)\.\n/,
    ],
    [
      "a misspelt agent in a module's mockScript",
      ['run', fixture('typo-script.ts'), 'Go'],
      /^adk-fluent: mockScript in .*typo-script\.ts has replies for "wrtier", which is no agent that answers from them \(writer, critic\)\. Did you mean "writer"\?\n$/,
    ],
    [
      'a session store URI of no known kind',
      ['run', writerCritic, 'Go', '--sessions', 'mongo://x'],
      /adk-fluent: --sessions mongo:\/\/x: Unknown session store URI scheme "mongo:"/,
    ],
    [
      'an eval set that does not exist',
      ['eval', writerCritic, 'no-such.evalset.json'],
      /^adk-fluent: no-such\.evalset\.json: cannot read the eval set/,
    ],
    [
      'run without a prompt',
      ['run', writerCritic],
      /^adk-fluent: "run" needs a prompt: adk-fluent run <file> "<prompt>"\.\n$/,
    ],
    [
      'run without a model or a key',
      ['run', fixture('needs-model.ts'), 'Hi'],
      /^adk-fluent: agent "helper" runs on "gemini-2\.5-flash" but GOOGLE_API_KEY is not set\. .*export mockScript from .*needs-model\.ts \(or pass --replies replies\.json\) to run offline\.\n$/,
    ],
  ]
  it.each(cases)(
    'reports %s',
    async (_name, args, stderr) => {
      const result = await runBin(args)
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(stderr)
    },
    90_000,
  )
})
