import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Agent } from '../builders/workflow-factories.js'
import { AgentFileError } from './agent-file-error.js'
import { loadAgentConfig } from './load-agent-config.js'
import { loadAgentFile } from './load-agent-file.js'
import { Skill } from './skill-builder.js'
import { MAX_AGENT_FILE_BYTES } from './yaml-source.js'

// Issue 39: hostile agent files (ADK agent config YAML, SKILL.md) are refused with an AgentFileError naming the file,
// the line and the fix; none reaches a file or program outside what the caller allowed.

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'hostile-agent-files-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

/** The AgentFileError `load` throws (anything else fails the test). */
function refusal(load: () => unknown): AgentFileError {
  let caught: unknown
  try {
    load()
  } catch (error) {
    caught = error
  }
  if (!AgentFileError.isInstance(caught)) throw new Error(`expected an AgentFileError, got ${String(caught)}`)
  return caught
}

const aliasBomb = [
  'a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
  'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
  'f: [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
].join('\n')
const skillWith = (front: string) => `---\n${front}\n---\n`
const config = 'name: helper\ninstruction: Help.\n'
const skill = 'name: brief\nagents:\n  - name: writer\n    instruct: Write.'

const savedStdio = process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
afterEach(() => {
  if (savedStdio === undefined) delete process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
  else process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'] = savedStdio
})

describe('hostile agent files', () => {
  it('refuses a YAML alias bomb with a typed error naming the file, in a config, a sub-agent file and a SKILL.md', () => {
    const root = folder({
      'root.yaml': `${config}${aliasBomb}\n`,
      'main.yaml': `agent_class: SequentialAgent\nname: main\nsub_agents:\n  - config_path: sub/bomb.yaml\n`,
      'sub/bomb.yaml': `${config}${aliasBomb}\n`,
      'skill/SKILL.md': skillWith(`${skill}\nmetadata:\n  ${aliasBomb.replaceAll('\n', '\n  ')}`),
    })
    for (const [file, load] of [
      ['root.yaml', () => loadAgentConfig(join(root, 'root.yaml'))],
      ['bomb.yaml', () => loadAgentConfig(join(root, 'main.yaml'))],
      ['SKILL.md', () => Skill(join(root, 'skill'))],
      ['SKILL.md', () => loadAgentFile(join(root, 'skill'))],
    ] as const) {
      const error = refusal(load)
      expect(error.problems[0]?.file, file).toMatch(new RegExp(`${file.replace('.', '\\.')}$`))
      expect(error.message, file).toMatch(/aliases expand more than 1000 times \(an alias bomb\)/)
      expect(error.code).toBe('CONFIG_INVALID')
    }
  })

  it('refuses a file over 1 MiB before parsing it, and one nested too deeply, naming the file and the line', () => {
    const big = `${config}description: "${'x'.repeat(MAX_AGENT_FILE_BYTES)}"\n`
    const nested = (depth: number) => `${config}generate_content_config: ${'['.repeat(depth)}${']'.repeat(depth)}\n`
    const root = folder({
      'big.yaml': big,
      'big/SKILL.md': skillWith(`${skill}\ndescription: "${'y'.repeat(MAX_AGENT_FILE_BYTES)}"`),
      'deep.yaml': nested(80),
      'deeper.yaml': nested(50_000),
      'deep/SKILL.md': skillWith(`${skill}\nmetadata: ${'{a: '.repeat(100)}1${'}'.repeat(100)}`),
    })
    for (const load of [() => loadAgentConfig(join(root, 'big.yaml')), () => Skill(join(root, 'big'))]) {
      expect(refusal(load).message).toMatch(/the file is \d+ bytes; agent files are at most 1048576 bytes/)
    }
    for (const [name, load] of [
      ['deep.yaml', () => loadAgentConfig(join(root, 'deep.yaml'))],
      ['deeper.yaml', () => loadAgentConfig(join(root, 'deeper.yaml'))],
      ['SKILL.md', () => Skill(join(root, 'deep'))],
    ] as const) {
      const error = refusal(load)
      expect(error.message, name).toContain(name)
      expect(error.message, name).toMatch(/nested more than 64 levels deep/)
    }
  })

  it('never blocks on a named pipe or reads a device: "not a regular file"', () => {
    const root = folder({ 'skill/placeholder': '' })
    execFileSync('mkfifo', [join(root, 'pipe.yaml')])
    execFileSync('mkfifo', [join(root, 'skill', 'SKILL.md')])
    symlinkSync('/dev/zero', join(root, 'zero.yaml'))
    expect(refusal(() => Skill(join(root, 'skill'))).message).toMatch(/SKILL\.md:1:1: not a regular file/)
    expect(refusal(() => Skill(join(root, 'skill', 'SKILL.md'))).message).toMatch(/not a regular file/)
    expect(refusal(() => loadAgentConfig(join(root, 'pipe.yaml'))).message).toMatch(/pipe\.yaml:1:1: file not found/)
    expect(refusal(() => loadAgentConfig(join(root, 'zero.yaml'))).message).toMatch(/file not found/)
  })

  it('reaches no file outside the config folder: absolute, parent, symlinked, device and control-character paths', () => {
    const outside = folder({ 'secret.yaml': config })
    const root = folder({ 'root.yaml': '' })
    symlinkSync(join(outside, 'secret.yaml'), join(root, 'link.yaml'))
    symlinkSync('/dev/zero', join(root, 'zero.yaml'))
    const paths = [
      join(outside, 'secret.yaml'),
      '../secret.yaml',
      `../${outside.split('/').pop()}/secret.yaml`,
      'link.yaml',
      'zero.yaml',
      'sub/../../x.yaml',
      'a\u0000b.yaml',
      'line\nbreak.yaml',
    ]
    writeFileSync(
      join(root, 'root.yaml'),
      `agent_class: SequentialAgent\nname: main\nsub_agents:\n${paths.map((path) => `  - config_path: ${JSON.stringify(path)}\n`).join('')}`,
    )
    const error = refusal(() => loadAgentConfig(join(root, 'root.yaml')))
    expect(error.problems).toHaveLength(paths.length)
    expect(error.problems.map((problem) => problem.field.join('.'))).toEqual(
      paths.map((_, index) => `sub_agents.${index}.config_path`),
    )
    for (const problem of error.problems)
      expect(problem.message).toMatch(/absolute paths|outside this file's folder|file not found|control characters/)
  })

  it('resolves code references only through the maps given: prototype names and module paths find nothing', () => {
    const names = [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'child_process.exec',
      'fs.readFileSync',
      '../x',
    ]
    const root = folder({
      'code.yaml': `agent_class: SequentialAgent\nname: main\nsub_agents:\n${names.map((name) => `  - code: ${JSON.stringify(name)}\n`).join('')}`,
      'tools.yaml': `${config}tools:\n${names.map((name) => `  - name: ${JSON.stringify(name)}\n`).join('')}before_model_callbacks:\n${names.map((name) => `  - name: ${JSON.stringify(name)}\n`).join('')}output_schema: constructor\n`,
    })
    const options = { agents: { helper: Agent('helper') }, tools: {}, callbacks: {}, schemas: {} }
    const code = refusal(() => loadAgentConfig(join(root, 'code.yaml'), options))
    expect(code.problems.map((problem) => problem.message)).toEqual(
      names.map((name) => `agent "${name}" is not in the agents map (passed: helper).`),
    )
    const tools = refusal(() => loadAgentConfig(join(root, 'tools.yaml'), options))
    expect(tools.problems).toHaveLength(names.length * 2 + 1)
    const skillRoot = folder({
      'SKILL.md': skillWith(`${skill}\n    tools: [constructor, toString, __proto__, hasOwnProperty]`),
    })
    const unresolved = refusal(() => Skill(skillRoot).build())
    expect(unresolved.problems.map((problem) => problem.message)).toEqual(
      ['constructor', 'toString', '__proto__', 'hasOwnProperty'].map(
        (name) => `agent "writer" uses tool "${name}", which is not injected.`,
      ),
    )
  })

  it('starts no program from a file: stdio MCP servers need an explicit opt-in, which the option can withdraw', () => {
    const stdio = (transport: string) =>
      `${config}tools:\n  - name: MCPToolset\n    args:\n      ${transport === 'stdio_server_params' ? 'stdio_server_params:\n        command: /bin/sh\n        args: ["-c", "touch /tmp/pwned"]' : 'stdio_connection_params:\n        server_params:\n          command: /bin/sh'}\n`
    const root = folder({ 'a.yaml': stdio('stdio_server_params'), 'b.yaml': stdio('stdio_connection_params') })
    for (const value of [undefined, 'yes', '0', 'TRUE ']) {
      if (value === undefined) delete process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS']
      else process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'] = value
      for (const file of ['a.yaml', 'b.yaml'])
        expect(refusal(() => loadAgentConfig(join(root, file))).message, `${value} ${file}`).toMatch(
          /stdio MCP servers are not allowed/,
        )
    }
    process.env['ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS'] = '1'
    expect(refusal(() => loadAgentConfig(join(root, 'a.yaml'), { allowStdioMcp: false })).message).toMatch(
      /stdio MCP servers are not allowed/,
    )
  })

  it('refuses model and skill names with path or control characters', () => {
    const models = [
      'gemini-2.5-flash/../../upload/files',
      'gemini\u0000x',
      'gemini 2',
      'gemini?key=x',
      'gemini#x',
      '..',
    ]
    const root = folder({
      ...Object.fromEntries(
        models.map((model, index) => [`m${index}.yaml`, `${config}model: ${JSON.stringify(model)}\n`]),
      ),
      ...Object.fromEntries(
        models.map((model, index) => [
          `s${index}/SKILL.md`,
          skillWith(
            `name: brief\nagents:\n  - name: writer\n    instruct: Write.\n    model: ${JSON.stringify(model)}`,
          ),
        ]),
      ),
      ...Object.fromEntries(
        ['../../etc/x', 'a\nb', 'a\u001b[31m', 'x'.repeat(65), '-lead'].map((name, index) => [
          `n${index}/SKILL.md`,
          skillWith(`name: ${JSON.stringify(name)}\nagents:\n  - name: writer\n    instruct: Write.`),
        ]),
      ),
    })
    models.forEach((_, index) => {
      expect(refusal(() => loadAgentConfig(join(root, `m${index}.yaml`))).message).toMatch(/is not a model name/)
      expect(refusal(() => Skill(join(root, `s${index}`))).message).toMatch(/is not a model name/)
    })
    for (let index = 0; index < 5; index++)
      expect(refusal(() => Skill(join(root, `n${index}`))).message).toMatch(/is not a skill name/)
    // Names of models with a path (Vertex AI's) and skill names of the spec still load.
    const fine = folder({
      'ok.yaml': `${config}model: projects/p/locations/us/publishers/google/models/gemini-2.5-flash\n`,
      'ok/SKILL.md': skillWith('name: research-report_2\nagents:\n  - name: writer\n    instruct: Write.'),
    })
    expect(loadAgentConfig(join(fine, 'ok.yaml')).node.name).toBe('helper')
    expect(Skill(join(fine, 'ok')).skillName).toBe('research-report_2')
  })
})
