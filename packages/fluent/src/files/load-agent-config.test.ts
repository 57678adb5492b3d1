import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, isLlmAgent, LoopAgent, ParallelAgent, SequentialAgent, type BaseAgent } from '@adk-fluent/core'
import * as C from '../namespaces/context/index.js'
import { googleSearch, mcp, urlContext } from '../namespaces/tools/ecosystem-factories.js'
import { loadMemory, preloadMemory } from '../namespaces/tools/memory-factories.js'
import { Agent } from '../builders/workflow-factories.js'
import { AgentFileError } from './agent-file-error.js'
import { loadAgentConfig } from './load-agent-config.js'
import { expectSameAgent, thrown } from './same-requests.test-helper.js'

/** A fresh folder holding `files` (path → YAML text); returns the folder. */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'agent-config-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function problems(run: () => unknown) {
  const error = thrown(run)
  if (!AgentFileError.isInstance(error)) throw new Error(`expected an AgentFileError, got ${String(error)}`)
  expect(ConfigError.isConfigError(error)).toBe(true)
  return error
}

const llm =
  'name: search_agent\nmodel: gemini-2.5-flash\ndescription: a sample description\ninstruction: a fake instruction\ntools:\n  - name: google_search\n'
const subAgent = (index: number) =>
  `name: sub_agent_${index}\nmodel: gemini-2.5-flash\ndescription: a sub agent\ninstruction: sub agent instruction\n`
const kinds: Record<string, (agent: BaseAgent) => boolean> = {
  LlmAgent: isLlmAgent,
  LoopAgent: (agent) => agent instanceof LoopAgent,
  ParallelAgent: (agent) => agent instanceof ParallelAgent,
  SequentialAgent: (agent) => agent instanceof SequentialAgent,
}
const spellings = (kind: string, module: string) => [
  kind,
  `google.adk.agents.${kind}`,
  `google.adk.agents.${module}.${kind}`,
]

const savedStdio = process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
afterEach(() => {
  if (savedStdio === undefined) delete process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
  else process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'] = savedStdio
})

// The cases of google/adk-python's tests/unittests/agents/test_agent_config.py, on our loader.
describe("ADK's agent config test cases", () => {
  it('defaults agent_class to LlmAgent', () => {
    const root = folder({ 'test_config.yaml': llm })
    const agent = loadAgentConfig(join(root, 'test_config.yaml')).build()
    expect(isLlmAgent(agent)).toBe(true)
  })

  const classes = [
    ...spellings('LlmAgent', 'llm_agent').map((spelling) => [spelling, 'LlmAgent'] as const),
    ...spellings('LoopAgent', 'loop_agent').map((spelling) => [spelling, 'LoopAgent'] as const),
    ...spellings('ParallelAgent', 'parallel_agent').map((spelling) => [spelling, 'ParallelAgent'] as const),
    ...spellings('SequentialAgent', 'sequential_agent').map((spelling) => [spelling, 'SequentialAgent'] as const),
  ]

  it.each(classes)('agent_class %s builds a %s, with sub-agents by config_path', (spelling, kind) => {
    const main =
      kind === 'LlmAgent'
        ? `agent_class: ${spelling}\nname: main_agent\nmodel: gemini-2.5-flash\ndescription: main agent with sub agents\ninstruction: main agent instruction\n`
        : `agent_class: ${spelling}\nname: main_agent\ndescription: main agent with sub agents\n${kind === 'LoopAgent' ? 'max_iterations: 2\n' : ''}`
    const root = folder({
      'test_config.yaml': `${main}sub_agents:\n  - config_path: sub_agents/sub_agent1.yaml\n  - config_path: sub_agents/sub_agent2.yaml\n`,
      'sub_agents/sub_agent1.yaml': subAgent(1),
      'sub_agents/sub_agent2.yaml': subAgent(2),
    })
    const agent = loadAgentConfig(join(root, 'test_config.yaml')).build()
    expect(kinds[kind]?.(agent)).toBe(true)
    expect(agent.subAgents.map((child) => child.name)).toEqual(['sub_agent_1', 'sub_agent_2'])
  })

  // Such a workflow loads; build() then applies fluent's structural rules (no empty workflow, no loop without a limit).
  it.each(['LoopAgent', 'ParallelAgent', 'SequentialAgent'])('%s with sub_agents: [] loads', (kind) => {
    const root = folder({
      'test_config.yaml': `agent_class: ${kind}\nname: CodePipelineAgent\ndescription: Executes a sequence of code writing, reviewing, and refactoring.\nsub_agents: []\n`,
    })
    const builder = loadAgentConfig(join(root, 'test_config.yaml'))
    expect(builder.node.name).toBe('CodePipelineAgent')
    expect(builder.node.kind).toBe(kind === 'LoopAgent' ? 'loop' : kind === 'ParallelAgent' ? 'parallel' : 'sequence')
  })

  it.each([
    ['main.yaml', 'sub_agents/child.yaml', 'child_agent', 'I am a child agent'],
    ['level1/level2/nested_main.yaml', 'sub/nested_child.yaml', 'nested_child', 'I am nested'],
  ])('resolves config_path relative to the referencing file (%s → %s)', (main, child, name, instruction) => {
    const childPath = join(dirname(main), child)
    const root = folder({
      [childPath]: `agent_class: LlmAgent\nname: ${name}\nmodel: gemini-2.5-flash\ninstruction: ${instruction}\n`,
      [main]: `agent_class: LlmAgent\nname: main_agent\nmodel: gemini-2.5-flash\ninstruction: I am the main agent\nsub_agents:\n  - config_path: ${child}\n`,
    })
    const agent = loadAgentConfig(join(root, main)).build()
    expect(agent.subAgents.map((sub) => sub.name)).toEqual([name])
  })

  it('refuses an absolute config_path and one that leaves the folder', () => {
    const root = folder({
      'agents/main.yaml':
        'name: main\ninstruction: x\nsub_agents:\n  - config_path: /etc/passwd\n  - config_path: ../outside.yaml\n',
      'outside.yaml': 'name: outside\ninstruction: x\n',
    })
    const error = problems(() => loadAgentConfig(join(root, 'agents/main.yaml')))
    expect(error.problems.map((problem) => [problem.line, problem.column, problem.field])).toEqual([
      [4, 5, ['sub_agents', 0, 'config_path']],
      [5, 5, ['sub_agents', 1, 'config_path']],
    ])
    expect(error.message).toContain('absolute paths are not allowed in config_path')
    expect(error.message).toContain(`config_path "../outside.yaml" resolves outside this file's folder`)
  })

  it('refuses an empty file and a document that is not a mapping', () => {
    const cases: [string, string][] = [
      ['', 'the file is empty: it is not an agent config. Write at least name: and instruction:.'],
      [
        '- name: my_agent\n',
        'expected a mapping, got a list. For example { name: assistant, instruction: Help the user. }.',
      ],
      ['42\n', 'expected a mapping, got number 42. For example { name: assistant, instruction: Help the user. }.'],
      [
        '"name: my_agent"\n',
        'expected a mapping, got string "name: my_agent". For example { name: assistant, instruction: Help the user. }.',
      ],
    ]
    for (const [text, message] of cases) {
      const file = join(folder({ 'agent.yaml': text }), 'agent.yaml')
      expect(problems(() => loadAgentConfig(file)).message).toBe(`${file}:1:1: ${message}`)
    }
  })

  it('needs exactly one of code or config_path in a sub-agent reference', () => {
    const root = folder({
      'main.yaml':
        'name: main\ninstruction: x\nsub_agents:\n  - code: my_library.agents.my_agent\n    config_path: sub.yaml\n  - {}\n',
      'sub.yaml': 'name: sub\ninstruction: x\n',
    })
    const error = problems(() => loadAgentConfig(join(root, 'main.yaml'), { agents: { my_agent: Agent('my_agent') } }))
    expect(error.problems.map((problem) => problem.message)).toEqual([
      'exactly one of config_path or code must be given (got both).',
      'exactly one of config_path or code must be given (got neither).',
    ])
  })

  it('resolves code references through the agents map (exact name or last segment)', () => {
    const root = folder({
      'main.yaml':
        'agent_class: SequentialAgent\nname: main\nsub_agents:\n  - code: my_library.agents.my_agent\n  - code: other\n',
    })
    const agents = { my_agent: Agent('my_agent').instruct('a'), other: Agent('other').instruct('b') }
    expect(
      loadAgentConfig(join(root, 'main.yaml'), { agents })
        .build()
        .subAgents.map((agent) => agent.name),
    ).toEqual(['my_agent', 'other'])
    const error = problems(() => loadAgentConfig(join(root, 'main.yaml'), { agents: { other: agents.other } }))
    expect(error.message).toBe(
      `${join(root, 'main.yaml')}:4:5: sub_agents[0].code: agent "my_library.agents.my_agent" is not in the agents map (passed: other). Pass it: loadAgentConfig(file, { agents: { "my_agent": Agent(...) } }).`,
    )
  })

  it('rejects a misspelled field, naming it and the closest field', () => {
    const root = folder({
      'agent.yaml': 'name: my_agent\ninstruction: do the thing\ninstructions: do the other thing\n',
    })
    const file = join(root, 'agent.yaml')
    expect(problems(() => loadAgentConfig(file)).message).toBe(
      `${file}:3:1: instructions: field "instructions" is not part of an LlmAgent config. Did you mean "instruction"?`,
    )
    const error = problems(() => loadAgentConfig(file))
    expect([AgentFileError.isInstance(error), ConfigError.isInstance(error)]).toEqual([true, true])
    expect(AgentFileError.isInstance(new ConfigError('plain'))).toBe(false)
    expect(error.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['agent_file_invalid', [`${file}:3:1`, 'instructions']],
    ])
    const badKey = join(folder({ 'k.yaml': 'name: a\ninstruction: x\noutput_key: "bad key"\n' }), 'k.yaml')
    expect(problems(() => loadAgentConfig(badKey)).issues.map((issue) => issue.code)).toEqual(['state_key_invalid'])
  })

  it('needs name and instruction on an LlmAgent, and refuses model_code and accumulate_output_key', () => {
    const root = folder({
      'agent.yaml':
        'description: x\nmodel: gemini-2.5-flash\nmodel_code:\n  name: my_library.clients.my_litellm\naccumulate_output_key: true\n',
    })
    const error = problems(() => loadAgentConfig(join(root, 'agent.yaml')))
    expect(error.problems.map((problem) => `${problem.line}:${problem.field.join('.')}: ${problem.message}`)).toEqual([
      '1:name: the required field "name" is missing.',
      '3:model_code: field "model_code" is not supported.',
      '5:accumulate_output_key: field "accumulate_output_key" is not supported.',
      '1:instruction: the required field "instruction" is missing.',
    ])
  })

  it('carries max_iterations to the LoopAgent', () => {
    const root = folder({
      'loop.yaml':
        'agent_class: LoopAgent\nname: looper\ndescription: repeats its sub agents\nmax_iterations: 3\nsub_agents: []\n',
    })
    const loop = loadAgentConfig(join(root, 'loop.yaml'))
    expect(loop.node.kind === 'loop' && loop.node.maxIterations).toBe(3)
    expect(
      thrown(() =>
        loadAgentConfig(join(folder({ 'l.yaml': 'agent_class: LoopAgent\nname: l\nmax_iterations: 0\n' }), 'l.yaml')),
      ),
    ).toBeInstanceOf(Error)
  })

  it('keeps callbacks in the order the config lists them, and adds none when none are listed', async () => {
    const order: string[] = []
    const callbacks = {
      first: () => void order.push('first'),
      second: () => void order.push('second'),
    }
    const root = folder({
      'a.yaml': 'name: a\ninstruction: x\nbefore_agent_callbacks:\n  - name: pkg.second\n  - name: pkg.first\n',
      'b.yaml': 'name: b\ninstruction: x\n',
    })
    const agent = loadAgentConfig(join(root, 'a.yaml'), { callbacks })
    expect(agent.node.kind === 'agent' && agent.node.callbacks.beforeAgent).toEqual([callbacks.second, callbacks.first])
    const plain = loadAgentConfig(join(root, 'b.yaml'))
    expect(plain.node.kind === 'agent' && plain.node.callbacks.beforeAgent).toEqual([])
  })

  it('refuses agent classes it does not have (custom classes come from code)', () => {
    const root = folder({
      'custom.yaml':
        'agent_class: mylib.agents.MyCustomAgent\nname: custom_agent\ndescription: a custom agent\ncustom_field: hello from yaml\n',
    })
    expect(problems(() => loadAgentConfig(join(root, 'custom.yaml'))).message).toContain(
      'custom.yaml:1:1: agent_class: agent class "mylib.agents.MyCustomAgent" is not supported',
    )
  })
})

describe('MCPToolset in a config', () => {
  const stdio =
    'name: mcp_agent\ninstruction: Use the MCP tools.\ntools:\n  - name: McpToolset\n    args:\n      stdio_connection_params:\n        server_params:\n          command: npx\n          args:\n            - -y\n            - example-mcp-server\n'

  it('loads a remote server without any opt-in', () => {
    const root = folder({
      'agent.yaml':
        'name: mcp_agent\ninstruction: Use the MCP tools.\ntools:\n  - name: McpToolset\n    args:\n      streamable_http_connection_params:\n        url: https://example.com/mcp\n      tool_filter: [read_file]\n      tool_name_prefix: files\n',
    })
    const loaded = loadAgentConfig(join(root, 'agent.yaml'))
    const written = Agent('mcp_agent')
      .instruct('Use the MCP tools.')
      .tools(mcp({ url: 'https://example.com/mcp' }, { tools: ['read_file'], prefix: 'files_' }))
    expect(loaded.explain()).toEqual(written.explain())
  })

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    [undefined, false],
  ])('starts a stdio server only when ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS is 1 or true (%s)', (value, allowed) => {
    if (value === undefined) delete process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
    else process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'] = value
    const file = join(folder({ 'agent.yaml': stdio }), 'agent.yaml')
    if (allowed)
      expect(loadAgentConfig(file).explain()).toEqual(
        Agent('mcp_agent')
          .instruct('Use the MCP tools.')
          .tools(mcp({ command: 'npx', args: ['-y', 'example-mcp-server'] }))
          .explain(),
      )
    else
      expect(problems(() => loadAgentConfig(file)).message).toContain(
        'stdio MCP servers are not allowed in agent configs',
      )
    expect(thrown(() => loadAgentConfig(file, { allowStdioMcp: false })) !== undefined).toBe(true)
  })

  it('refuses args for tools other than MCPToolset, and MCPToolset args that are not data', () => {
    const root = folder({
      'agent.yaml':
        'name: custom_agent\ninstruction: Use the custom tool.\ntools:\n  - name: my_package.create_tool\n    args:\n      command: unsafe\n  - name: google_search\n    args: {}\n  - name: McpToolset\n    args:\n      streamable_http_connection_params:\n        url: https://example.com/mcp\n        httpx_client_factory: os.system\n  - name: McpToolset\n    args:\n      sse_connection_params:\n        url: https://example.com/sse\n',
    })
    const error = problems(() => loadAgentConfig(join(root, 'agent.yaml'), { tools: { create_tool: googleSearch() } }))
    expect(error.problems.map((problem) => `${problem.line}:${problem.field.join('.')}`)).toEqual([
      '5:tools.0.args',
      '8:tools.1.args',
      '13:tools.2.args.streamable_http_connection_params.httpx_client_factory',
      '16:tools.3.args.sse_connection_params',
    ])
  })
})

describe('loadAgentConfig: fields and errors', () => {
  it('maps the LlmAgent fields to the builder calls you would write', async () => {
    const Verdict = z.object({ verdict: z.string() })
    const Question = z.object({ question: z.string() })
    const root = folder({
      'agent.yaml': [
        'name: judge',
        'model: gemini-2.5-pro',
        'description: Judges answers.',
        'instruction: Judge {answer}.',
        'static_instruction: You are a fair judge.',
        'output_key: verdict',
        'include_contents: none',
        'disallow_transfer_to_parent: true',
        'input_schema: { name: schemas.Question }',
        'output_schema:',
        '  name: Verdict',
        'generate_content_config:',
        '  temperature: 0',
        '  thinking_config: { thinking_budget: 128 }',
        '  labels: { team_name: judges }',
        'tools:',
        '  - google.adk.tools.google_search',
        '',
      ].join('\n'),
    })
    const loaded = loadAgentConfig(join(root, 'agent.yaml'), { schemas: { Question, Verdict } })
    const written = Agent('judge', 'gemini-2.5-pro')
      .describe('Judges answers.')
      .instruct('Judge {answer}.')
      .static('You are a fair judge.')
      .writes('verdict')
      .context(C.currentTurn())
      .stay()
      .accepts(Question)
      .returns(Verdict)
      .generateContentConfig({
        temperature: 0,
        thinkingConfig: { thinkingBudget: 128 },
        labels: { team_name: 'judges' },
      })
      .tools(googleSearch())
    await expectSameAgent(loaded, written, { state: { answer: '42' } }, expect)
  })

  it.each([
    ['disallow_transfer_to_peers: true', (agent: ReturnType<typeof Agent>) => agent.noPeers()],
    [
      'disallow_transfer_to_parent: true\ndisallow_transfer_to_peers: true',
      (agent: ReturnType<typeof Agent>) => agent.isolate(),
    ],
  ])('maps %s', (flags, expected) => {
    const root = folder({ 'agent.yaml': `name: a\ninstruction: x\n${flags}\n` })
    const loaded = loadAgentConfig(join(root, 'agent.yaml'))
    expect(loaded.node).toEqual(expected(Agent('a').instruct('x')).node)
  })

  it('reports YAML syntax errors with their line and column', () => {
    const root = folder({
      'broken.yaml': 'name: a\ninstruction: [unclosed\n',
      'twice.yaml': 'name: a\ninstruction: x\nname: b\n',
      'tagged.yaml': 'name: !!python/object/apply:os.system [ls]\ninstruction: x\n',
    })
    const broken = problems(() => loadAgentConfig(join(root, 'broken.yaml')))
    expect(broken.problems[0]).toMatchObject({ line: 3, column: 1 })
    expect(broken.message).toMatch(/broken\.yaml:3:1: YAML /)
    const twice = problems(() => loadAgentConfig(join(root, 'twice.yaml')))
    expect(twice.message).toMatch(/twice\.yaml:3:1: YAML Map keys must be unique/)
    const tagged = problems(() => loadAgentConfig(join(root, 'tagged.yaml')))
    expect(tagged.message).toMatch(/tagged\.yaml:1:7: YAML .*tag/i)
  })

  it('finds a config_path cycle and a missing file before anything runs, with the referencing line', () => {
    const root = folder({
      'a.yaml':
        'agent_class: SequentialAgent\nname: a\nsub_agents:\n  - config_path: b.yaml\n  - config_path: missing.yaml\n',
      'b.yaml': 'agent_class: SequentialAgent\nname: b\nsub_agents:\n  - config_path: a.yaml\n',
      'self.yaml': 'agent_class: LoopAgent\nname: self\nsub_agents:\n  - config_path: ./self.yaml\n',
    })
    const [a, b, self] = ['a.yaml', 'b.yaml', 'self.yaml'].map((file) => join(root, file)) as [string, string, string]
    const error = problems(() => loadAgentConfig(a))
    expect(error.message).toBe(
      [
        '2 problems in agent files:',
        `1. ${b}:4:5: sub_agents[0].config_path: config_path cycle: ${a} → ${b} → ${a}. An agent cannot contain itself; remove one of these references.`,
        `2. ${a}:5:5: sub_agents[1].config_path: file not found: ${join(root, 'missing.yaml')}.`,
      ].join('\n'),
    )
    expect(problems(() => loadAgentConfig(self)).message).toContain(`config_path cycle: ${self} → ${self}.`)
    expect(problems(() => loadAgentConfig('nowhere.yaml')).message).toBe('nowhere.yaml:1:1: file not found.')
  })

  it('lists every problem of every file at once', () => {
    const root = folder({
      'main.yaml':
        'agent_class: SequentialAgent\nname: main\nmodel: gemini-2.5-flash\nsub_agents:\n  - config_path: child.yaml\n',
      'child.yaml':
        'name: child\ninstruction: x\ntools:\n  - name: nowhere_tool\nbefore_model_callbacks:\n  - name: lib.missing\ninclude_contents: all\ngenerate_content_config:\n  system_instruction: no\n',
    })
    const error = problems(() => loadAgentConfig(join(root, 'main.yaml')))
    expect(
      error.problems.map((problem) => `${problem.file.split('/').pop()}:${problem.line}:${problem.field.join('.')}`),
    ).toEqual([
      'child.yaml:7:include_contents',
      'child.yaml:9:generate_content_config.system_instruction',
      'child.yaml:4:tools.0.name',
      'child.yaml:6:before_model_callbacks.0',
      'main.yaml:3:model',
    ])
  })

  it('loads the yaml package only when a file is read (no module of fluent imports it at load time)', () => {
    const source = dirname(dirname(fileURLToPath(import.meta.url)))
    const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$|\.test-helper\.ts$/.test(file),
    )
    const importers = files.filter((file) =>
      /^import (?!type )[^\n]*from 'yaml'/m.test(readFileSync(join(source, file), 'utf8')),
    )
    expect(importers).toEqual([])
    expect(readFileSync(join(source, 'files/yaml-source.ts'), 'utf8')).toContain("createRequire(here)('yaml')")
  })
})

describe('loadAgentConfig: the smaller promises of docs/agents-from-files.md', () => {
  it('takes the singular *_callback forms, url_context and the memory tools, and refuses non-text static_instruction, MCP timeouts and agent-owned settings', () => {
    const note = () => undefined
    const root = folder({
      'ok.yaml':
        'name: a\ninstruction: x\nbefore_model_callback: lib.note\ntools: [url_context, load_memory, preload_memory]\n',
      'bad.yaml': [
        'name: a',
        'instruction: x',
        'static_instruction: { parts: [{ text: hi }] }',
        'generate_content_config:',
        '  tools: []',
        '  response_schema: {}',
        'tools:',
        '  - name: MCPToolset',
        '    args:',
        '      streamable_http_connection_params: { url: "https://example.com/mcp", timeout: 5 }',
        '',
      ].join('\n'),
    })
    const ok = loadAgentConfig(join(root, 'ok.yaml'), { callbacks: { note } })
    expect(ok.node.kind === 'agent' && ok.node.callbacks.beforeModel).toEqual([note])
    expect(ok.explain()).toEqual(
      Agent('a')
        .instruct('x')
        .tools(urlContext())
        .tools(loadMemory())
        .tools(preloadMemory())
        .beforeModel(note)
        .explain(),
    )
    const error = problems(() => loadAgentConfig(join(root, 'bad.yaml')))
    expect(error.problems.map((problem) => `${problem.line}:${problem.field.join('.')}`)).toEqual([
      '3:static_instruction',
      '5:generate_content_config.tools',
      '6:generate_content_config.response_schema',
      '10:tools.0.args.streamable_http_connection_params.timeout',
    ])
  })
})
