import { describe, expect, it } from 'vitest'
import { CliUsageError } from './cli-usage-error.js'
import { parseArguments } from './parse-arguments.js'

describe('parseArguments', () => {
  it('parses each command with its options, in either --name value or --name=value form', () => {
    expect(parseArguments([])).toEqual({ name: 'help' })
    expect(parseArguments(['explain', 'a.ts', '--json', '--export=flow'])).toEqual({
      name: 'explain',
      file: 'a.ts',
      exportName: 'flow',
      json: true,
    })
    expect(parseArguments(['graph', 'a.ts'])).toEqual({
      name: 'graph',
      file: 'a.ts',
      exportName: undefined,
      format: 'ascii',
    })
    expect(parseArguments(['anatomy', 'a.ts', '--state', '{"k":1}', '--message', 'hi there'])).toEqual({
      name: 'anatomy',
      file: 'a.ts',
      exportName: undefined,
      state: { k: 1 },
      message: 'hi there',
      replies: undefined,
      at: undefined,
      json: false,
    })
    expect(parseArguments(['anatomy', 'a.ts', '--replies', 'r.json', '--at=writer', '--json'])).toMatchObject({
      name: 'anatomy',
      replies: 'r.json',
      at: 'writer',
      json: true,
    })
    expect(parseArguments(['run', 'a.ts', 'Write a poem', '--json'])).toEqual({
      name: 'run',
      file: 'a.ts',
      exportName: undefined,
      prompt: 'Write a poem',
      state: undefined,
      json: true,
      sessions: undefined,
      session: undefined,
    })
    expect(parseArguments(['check', 'a.ts', '--state={"topic":"x"}'])).toEqual({
      name: 'check',
      file: 'a.ts',
      exportName: undefined,
      state: { topic: 'x' },
    })
  })

  it('rejects what it cannot use with a CliUsageError', () => {
    expect(() => parseArguments(['explain'])).toThrow(
      new CliUsageError('"explain" needs a file: adk-fluent explain <file>.'),
    )
    expect(() => parseArguments(['explain', 'a.ts', '--export'])).toThrow(new CliUsageError('--export needs a value.'))
    expect(() => parseArguments(['explain', 'a.ts', 'b.ts'])).toThrow(
      new CliUsageError('unexpected argument "b.ts" for "explain".'),
    )
    expect(() => parseArguments(['run', 'a.ts', 'one', 'two'])).toThrow(/unexpected argument "two"\. Quote the prompt/)
    expect(() => parseArguments(['run', 'a.ts', 'go', '--state', '"text"'])).toThrow(
      /--state must be a JSON object such as '\{"topic":"cats"\}', got "text"\./,
    )
    expect(() => parseArguments(['explain', 'a.ts', '--format', 'ascii'])).toThrow(
      /unknown option --format for "explain" \(it takes --export, --json, --help\)/,
    )
  })
})
