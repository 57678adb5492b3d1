import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../main.js'
import { parseArguments } from '../parse-arguments.js'
import { fixture } from '../run-bin.test-helper.js'

function capture(cwd: string) {
  const out = { stdout: '', stderr: '' }
  const io = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env: {},
    cwd,
  }
  return { out, io }
}

describe('adk-fluent eval (dispatched to @adk-fluent/eval)', () => {
  it('parses eval sets, case ids and ADK’s options', () => {
    expect(
      parseArguments([
        'eval',
        'a.ts',
        'x.evalset.json:c1,c2',
        'y.json',
        '--config_file_path',
        'cfg.json',
        '--num_runs',
        '3',
        '--print_detailed_results',
      ]),
    ).toEqual({
      name: 'eval',
      file: 'a.ts',
      exportName: undefined,
      evalSets: ['x.evalset.json:c1,c2', 'y.json'],
      configFile: 'cfg.json',
      numRuns: 3,
      printDetailedResults: true,
      junitFile: undefined,
    })
    expect(() => parseArguments(['eval', 'a.ts'])).toThrow('"eval" needs an eval set')
    expect(() => parseArguments(['eval', 'a.ts', 's.json', '--num_runs', '0'])).toThrow(
      '--num_runs must be a positive integer, got "0".',
    )
  })

  it('stops before any case runs when a judge model cannot be reached, and runs a set with JUnit output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-cli-'))
    writeFileSync(
      join(dir, 'set.evalset.json'),
      JSON.stringify({
        eval_set_id: 'intents',
        eval_cases: [
          {
            eval_id: 'bill',
            session_input: { app_name: 'c', user_id: 'u', state: { query: 'my invoice' } },
            conversation: [
              {
                user_content: { parts: [{ text: 'go' }] },
                final_response: { parts: [{ text: '{"category":"billing","confidence":0.9}' }] },
              },
            ],
          },
        ],
      }),
    )
    writeFileSync(
      join(dir, 'judged.json'),
      JSON.stringify({ criteria: { final_response_match_v2: { threshold: 0.5 } } }),
    )
    const judged = capture(dir)
    expect(
      await runCli(
        ['eval', fixture('classifier.ts'), 'set.evalset.json', '--config_file_path', 'judged.json'],
        judged.io,
      ),
    ).toBe(2)
    expect(judged.out.stderr).toBe(
      `adk-fluent: the judge model "gemini-2.5-flash" needs GOOGLE_API_KEY (or GEMINI_API_KEY), or export mockScript from ${fixture('classifier.ts')} to judge offline.\n`,
    )
    expect(judged.out.stdout).toBe('')

    const plain = capture(dir)
    expect(await runCli(['eval', fixture('classifier.ts'), 'set.evalset.json', '--junit', 'out.xml'], plain.io)).toBe(0)
    expect(plain.out.stdout).toContain('intents:\n  Tests passed: 1\n  Tests failed: 0\n')
  })

  it('offline, every case replays the mockScript from its first reply (a case that passes alone passes in a set)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-cli-'))
    // writer → critic on the fixture's two-reply mockScript: each case needs both replies.
    const evalCase = (id: string) => ({
      eval_id: id,
      session_input: { app_name: 'cats', user_id: 'u', state: { topic: 'cats' } },
      conversation: [
        { user_content: { parts: [{ text: 'go' }] }, final_response: { parts: [{ text: 'Clear and short.' }] } },
      ],
    })
    writeFileSync(
      join(dir, 'cats.evalset.json'),
      JSON.stringify({ eval_set_id: 'cats', eval_cases: ['one', 'two', 'three'].map(evalCase) }),
    )
    const alone = capture(dir)
    expect(await runCli(['eval', fixture('writer-critic.ts'), 'cats.evalset.json:two'], alone.io)).toBe(0)
    const together = capture(dir)
    expect(
      await runCli(['eval', fixture('writer-critic.ts'), 'cats.evalset.json', '--num_runs', '2'], together.io),
    ).toBe(0)
    expect(together.out.stdout).toContain('cats:\n  Tests passed: 3\n  Tests failed: 0\n')
    expect(together.out.stderr).toBe('')
  })
})
