import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { exitLoop } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { fn } from '../namespaces/tools/index.js'
import { googleSearch } from '../namespaces/tools/ecosystem-factories.js'
import { Agent, FanOut, Loop, Pipeline } from '../builders/workflow-factories.js'
import { AgentFileError } from './agent-file-error.js'
import { Skill } from './skill-builder.js'
import { expectSameAgent, thrown } from './same-requests.test-helper.js'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'skills')
const search = fn(({ query }: { query: string }) => ({ results: [`about ${query}`] }), {
  name: 'search',
  parameters: z.object({ query: z.string() }),
})

function skill(text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'skill-'))
  mkdirSync(join(root, 'demo'))
  writeFileSync(join(root, 'demo', 'SKILL.md'), text)
  return join(root, 'demo')
}

function fileError(run: () => unknown): AgentFileError {
  const error = thrown(run)
  if (!AgentFileError.isInstance(error)) throw new Error(`expected an AgentFileError, got ${String(error)}`)
  return error
}

const researchInCode = () =>
  Pipeline('research_report')
    .describe('Researches a topic from two angles and writes a reviewed report.')
    .step(Agent('planner', 'gemini-2.5-flash').instruct('Plan research on {topic}.').writes('plan'))
    .step(
      Agent('web')
        .instruct('Search the web for the plan.')
        .tools(search)
        .reads('plan')
        .writes('web_notes')
        .parallel(
          Agent('papers')
            .instruct('Find papers for the plan.')
            .tools(search)
            .tools(googleSearch())
            .reads('plan')
            .writes('paper_notes'),
        ),
    )
    .step(
      Agent('writer', 'gemini-2.5-pro')
        .instruct('Write the report.')
        .reads('web_notes', 'paper_notes')
        .writes('report'),
    )

describe('Skill(path): a SKILL.md as a builder', () => {
  it('equals the same workflow written in code (folder or file path), injected tools included', async () => {
    const written = researchInCode()
    const options = { state: { topic: 'tides' }, replies: { web: [call('search', { query: 'tides' }), 'W'] } }
    for (const path of [join(fixtures, 'research'), join(fixtures, 'research', 'SKILL.md')]) {
      const loaded = Skill(path).inject({ search })
      const requests = await expectSameAgent(loaded, written, options, expect)
      expect(requests.map((request) => request.agent)).toEqual(['planner', 'web', 'papers', 'web', 'writer'])
      expect(loaded.check()).toEqual(written.check())
      expect(loaded.toMermaid()).toEqual(written.toMermaid())
    }
    const skillBuilder = Skill(join(fixtures, 'research'))
    expect(skillBuilder.skillName).toBe('research-report')
    expect(skillBuilder.agentNames).toEqual(['planner', 'web', 'papers', 'writer'])
  })

  it('runs: .model() for every agent, .configure() per agent, composes like any builder', async () => {
    const model = new ScriptedLlm(['plan', 'web notes', 'paper notes', 'report', 'summary'])
    const fakeGoogle = fn(() => ({ results: [] }), { name: 'google_search' })
    const research = Skill(join(fixtures, 'research'))
      .inject({ search, google_search: fakeGoogle })
      .model(model)
      .configure('writer', { instruct: 'Write the report in French.' })
    const flow = research.then(Agent('summarizer').model(model).instruct('Summarize {report}.'))
    expect(await flow.ask('go', { state: { topic: 'tides' } })).toBe('summary')
    expect(model.requests.map((request) => request.model)).toEqual(Array(5).fill(model.model))
    expect(JSON.stringify(model.requests[3]?.config.systemInstruction)).toContain('Write the report in French.')
  })

  it('is immutable: inject, model and configure return new builders', () => {
    const base = Skill(join(fixtures, 'research')).inject({ search })
    const before = base.node
    const configured = base
      .model('gemini-2.0-flash')
      .configure('planner', (agent) => agent.generateContentConfig({ temperature: 0 }))
    expect(base.node).toBe(before)
    expect(configured.node).not.toBe(before)
    expect(JSON.stringify(configured.node)).toContain('gemini-2.0-flash')
    expect(JSON.stringify(before)).not.toContain('gemini-2.0-flash')
    expect(Object.isFrozen(configured.node)).toBe(true)
  })

  it('configure() overrides fields or applies a function; unknown agents and fields are errors', () => {
    const path = join(fixtures, 'research')
    const configured = Skill(path)
      .inject({ search })
      .configure('writer', { model: 'gemini-2.5-flash', reads: ['web_notes'], tools: googleSearch() })
      .configure('planner', (agent) => agent.describe('Plans.'))
    const written = researchInCode()
    expect(configured.explain()).not.toEqual(written.explain())
    expect(configured.explain()).toContain('Plans.')
    expect(String(thrown(() => Skill(path).configure('nobody', {})))).toContain(
      'skill "research-report" has no agent "nobody". Its agents: planner, web, papers, writer.',
    )
    expect(String(thrown(() => Skill(path).configure('writer', { temperature: 0 } as never)))).toContain(
      'unknown override "temperature"',
    )
    expect(String(thrown(() => Skill(path).inject({ serach: search })))).toContain(
      'no agent of skill "research-report" uses "serach"',
    )
  })

  it('a named tool that is neither injected nor built in is an error at its line, when the skill is first used', () => {
    const loaded = Skill(join(fixtures, 'research'))
    const error = fileError(() => loaded.build())
    expect(error.problems.map((problem) => [problem.line, problem.field.join('.'), problem.message])).toEqual([
      [11, 'agents.1.tools.0', 'agent "web" uses tool "search", which is not injected.'],
      [16, 'agents.2.tools.0', 'agent "papers" uses tool "search", which is not injected.'],
    ])
    expect(error.message).toContain('Supply it: Skill(path).inject({ "search": myTool }).')
    // What is missing can be asked without composing: built-ins (google_search) need no injection.
    expect(loaded.missingTools).toEqual(['search'])
    expect(loaded.inject({ search }).missingTools).toEqual([])
  })

  it('loops with * n, runs agents in order without a topology, and a lone agent is itself', async () => {
    const loop = Skill(
      skill(
        '---\nname: refine\nagents:\n  - name: writer\n    instruct: Write.\n    writes: draft\n  - name: critic\n    instruct: Judge {draft}.\n    tools: exit_loop\ntopology: (writer >> critic) * 3\n---\n',
      ),
    )
    const loopInCode = Loop('refine')
      .step(Agent('writer').instruct('Write.').writes('draft'))
      .step(Agent('critic').instruct('Judge {draft}.').tool(exitLoop))
      .maxIterations(3)
    await expectSameAgent(loop, loopInCode, { replies: { critic: ['again', call('exit_loop', {})] } }, expect)
    const ordered = Skill(
      skill('---\nname: steps\nagents:\n  - name: a\n    instruct: A.\n  - name: b\n    instruct: B.\n---\n'),
    )
    expect(ordered.node).toEqual(Pipeline('steps').step(Agent('a').instruct('A.')).step(Agent('b').instruct('B.')).node)
    const lone = Skill(
      skill('---\nname: lone\ndescription: One agent.\nagents:\n  - name: a\n    model: m\n    instruct: A.\n---\n'),
    )
    expect(lone.node).toEqual(Agent('a', 'm').instruct('A.').node)
    const nested = Skill(
      skill(
        '---\nname: n\nagents:\n  - {name: a, instruct: A.}\n  - {name: b, instruct: B.}\n  - {name: c, instruct: C.}\ntopology: a | b >> c\n---\n',
      ),
    )
    expect(nested.node).toEqual(
      FanOut('n')
        .branch(Agent('a').instruct('A.'))
        .branch(Agent('b').instruct('B.').then(Agent('c').instruct('C.'))).node,
    )
  })

  it('reports file problems with their line: no agents, unknown fields, bad topology, unknown or unused agents', () => {
    const empty = fileError(() => Skill(skill('---\nname: empty\ndescription: Nothing.\n---\nBody.\n')))
    expect(empty.message).toMatch(/SKILL\.md:2:1: agents: the skill has no agents, so there is nothing to run\./)
    const bad = fileError(() =>
      Skill(
        skill(
          '---\nname: bad\nagents:\n  - name: a\n    instruct: A.\n    temperature: 0\n  - name: b\n    instruct: B.\n  - name: a\n    instruct: Again.\ntopology: a >> x\nextra: 1\n---\n',
        ),
      ),
    )
    expect(
      bad.problems.map((problem) => `${problem.line}:${problem.column} ${problem.field.join('.')}: ${problem.message}`),
    ).toEqual([
      '12:1 extra: field "extra" is not part of a skill.',
      '6:5 agents.0.temperature: field "temperature" is not part of a skill agent.',
      '9:5 agents.2.name: two agents are named "a".',
      '11:1 topology: agent "x" (character 6) is not one of the skill\'s agents (a, b).',
      '7:5 agents.1.name: agent "b" is not used in the topology.',
    ])
    const names = fileError(() =>
      Skill(
        skill(
          '---\nname: k\nagents:\n  - name: my-agent\n    instruct: A.\n  - name: b\n    instruct: B.\n    writes: bad key\ntopology: b\n---\n',
        ),
      ),
    )
    expect(names.problems.map((problem) => `${problem.line}:${problem.field.join('.')}`)).toEqual([
      '4:agents.0.name',
      '8:agents.1.writes',
    ])
    const syntax = fileError(() =>
      Skill(skill('---\nname: s\nagents:\n  - {name: a, instruct: A.}\ntopology: a >>\n---\n')),
    )
    expect(syntax.message).toContain(
      'SKILL.md:5:1: topology: expected an agent name or "(", found the end at character 5 of "a >>".',
    )
    const yaml = fileError(() => Skill(skill('---\nname: s\nagents: [\n---\n')))
    expect(yaml.problems[0]).toMatchObject({ line: 3, column: 10 })
    expect(fileError(() => Skill(skill('# no front matter\n'))).message).toContain('no YAML front matter')
    expect(fileError(() => Skill('/nowhere/SKILL.md')).message).toBe(
      '/nowhere/SKILL.md:1:1: file not found. Pass a SKILL.md file or the folder that holds one.',
    )
  })
})
