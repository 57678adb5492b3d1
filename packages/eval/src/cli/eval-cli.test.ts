import { LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runEvalCli } from './eval-cli.js'

const fixture = join(import.meta.dirname, '..', 'schema', 'fixtures', 'camel-top.evalset.json')

function run(configFile: string | undefined, cwd: string, evalSets: readonly string[] = [fixture]) {
  const out: string[] = []
  const agent = () => new LlmAgent({ name: 'agent', model: new ScriptedLlm(['whatever']) })
  const promise = runEvalCli({
    agent,
    agentFile: join(cwd, 'agent.ts'),
    evalSets,
    configFile,
    didYouMean: (given: string, candidates: readonly string[]) =>
      candidates.includes(given.replace('_x', '')) ? ` Did you mean "${given.replace('_x', '')}"?` : '',
    cwd,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => out.push(text) },
  })
  return { promise, out }
}

describe('runEvalCli (adk-fluent eval) refuses bad input before any case runs: exit code 2, the problem on stderr', () => {
  it('--config_file_path that does not exist (ADK silently used the default criteria)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'adk-eval-cli-'))
    const { promise, out } = run('missing.json', cwd)
    expect(await promise).toBe(2)
    expect(out.join('')).toContain(`the eval config file "${join(cwd, 'missing.json')}" does not exist`)
    expect(out.join('')).toMatch(/^adk-fluent: /)
    expect(existsSync(join(cwd, '.adk'))).toBe(false)
  })

  it('a threshold of -1 (every case passed) or 2 (none could)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'adk-eval-cli-'))
    for (const threshold of [-1, 2]) {
      writeFileSync(join(cwd, 'cfg.json'), JSON.stringify({ criteria: { response_match_score: threshold } }))
      const { promise, out } = run('cfg.json', cwd)
      expect(await promise).toBe(2)
      expect(out.join('')).toContain(`criteria.response_match_score: the threshold ${threshold} is outside [0, 1]`)
    }
    expect(existsSync(join(cwd, '.adk'))).toBe(false)
  })

  it('an eval set that is missing or not JSON, and a case id the set does not have (with the closest one)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'adk-eval-cli-'))
    writeFileSync(join(cwd, 'bad.evalset.json'), '{ nope')
    const evalCase = (id: string) => ({ eval_id: id, conversation: [{ user_content: { parts: [{ text: 'hi' }] } }] })
    writeFileSync(
      join(cwd, 'set.evalset.json'),
      JSON.stringify({ eval_set_id: 'set', eval_cases: [evalCase('greeting'), evalCase('farewell')] }),
    )
    for (const [sets, problem] of [
      [['missing.evalset.json'], 'missing.evalset.json: cannot read the eval set'],
      [['bad.evalset.json'], 'bad.evalset.json: not valid JSON'],
      [
        ['set.evalset.json:greeting_x'],
        'no case "greeting_x" (its cases: greeting, farewell). Did you mean "greeting"?',
      ],
    ] as const) {
      const { promise, out } = run(undefined, cwd, sets)
      expect(await promise, problem).toBe(2)
      expect(out.join('')).toContain(problem)
    }
    expect(existsSync(join(cwd, '.adk'))).toBe(false)
  })
})
