import { LlmAgent } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runEvalCli } from './eval-cli.js'

const fixture = join(import.meta.dirname, '..', 'schema', 'fixtures', 'camel-top.evalset.json')

function run(configFile: string, cwd: string) {
  const out: string[] = []
  const agent = () => new LlmAgent({ name: 'agent', model: new ScriptedLlm(['whatever']) })
  const promise = runEvalCli({
    agent,
    agentFile: join(cwd, 'agent.ts'),
    evalSets: [fixture],
    configFile,
    cwd,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => out.push(text) },
  })
  return { promise, out }
}

describe('runEvalCli (adk-fluent eval) refuses a config that would make results meaningless, before any case runs', () => {
  it('--config_file_path that does not exist (ADK silently used the default criteria)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'adk-eval-cli-'))
    const { promise, out } = run('missing.json', cwd)
    await expect(promise).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining(`the eval config file "${join(cwd, 'missing.json')}" does not exist`),
    })
    expect(out).toEqual([])
    expect(existsSync(join(cwd, '.adk'))).toBe(false)
  })

  it('a threshold of -1 (every case passed) or 2 (none could)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'adk-eval-cli-'))
    for (const threshold of [-1, 2]) {
      writeFileSync(join(cwd, 'cfg.json'), JSON.stringify({ criteria: { response_match_score: threshold } }))
      const { promise, out } = run('cfg.json', cwd)
      await expect(promise).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining(`criteria.response_match_score: the threshold ${threshold} is outside [0, 1]`),
      })
      expect(out).toEqual([])
    }
    expect(existsSync(join(cwd, '.adk'))).toBe(false)
  })
})
