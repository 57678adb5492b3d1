import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import * as P from '../namespaces/prompt/index.js'
import * as C from '../namespaces/context/index.js'
import * as T from '../namespaces/tools/index.js'
import { Agent } from './workflow-factories.js'

function getTime() {
  return { time: '12:00' }
}

describe('Agent: bad input', () => {
  const messageOf = (action: () => unknown): string => {
    try {
      action()
    } catch (error) {
      expect(ConfigError.isConfigError(error)).toBe(true)
      return (error as Error).message
    }
    throw new Error('expected a ConfigError')
  }

  it('rejects a bad name at the factory', () => {
    expect(messageOf(() => Agent('not valid'))).toMatch(/^Agent\("not valid"\): Found invalid agent name/)
  })

  it(".writes('not a key!') names the agent, the method and a fix", () => {
    expect(messageOf(() => Agent('critic').writes('not a key!'))).toBe(
      'critic.writes: "not a key!" (string) is not a valid state key. Use an identifier (letters, digits and underscores, not starting with a digit), optionally prefixed with app:, user: or temp:, for example "not_a_key".',
    )
  })

  it('.reads() with no keys or a bad key', () => {
    expect(messageOf(() => Agent('critic').reads())).toBe(
      "critic.reads: no state keys given. Name the keys the agent should see, for example .reads('draft').",
    )
    expect(messageOf(() => Agent('critic').reads('ok', 'bad key'))).toMatch(
      /^critic\.reads\.1: "bad key" \(string\) is not a valid state key/,
    )
    expect(messageOf(() => Agent('critic').reads(['draft'], { keepHistory: 'yes' as never }))).toBe(
      'critic.reads: the options must be { keepHistory: boolean }.',
    )
  })

  it('rejects a C spec in .instruct() and a P prompt in .context()', () => {
    expect(messageOf(() => Agent('a').instruct(C.none() as never))).toMatch(
      /^a\.instruct: .*Did you mean \.context\(\.\.\.\)\?$/,
    )
    expect(messageOf(() => Agent('a').context(P.task('x') as never))).toMatch(
      /^a\.context: expected a C context spec, .*a P prompt goes in \.instruct\(\)\.$/,
    )
  })

  it('rejects values of the wrong type with the method path', () => {
    expect(messageOf(() => Agent('a').model(42 as never))).toMatch(/^a\.model: expected a model name/)
    expect(messageOf(() => Agent('a').returns({} as never))).toMatch(
      /^a\.returns: expected a zod schema, got an object\. Pass one such as/,
    )
    expect(messageOf(() => Agent('a').beforeModel('x' as never))).toMatch(
      /^a\.beforeModel: expected a callback function, got "x"/,
    )
    expect(messageOf(() => Agent('a').subAgents())).toMatch(/^a\.subAgents: no agents given/)
    expect(messageOf(() => Agent('a').subAgents({} as never))).toMatch(/^a\.subAgents\.0: expected a builder/)
    expect(messageOf(() => Agent('a').tool(42 as never))).toBe(
      'a.tool: expected a function or a core tool, got 42 (number). For several tools use .tools(...).',
    )
    expect(messageOf(() => Agent('a').tool(() => 1))).toMatch(
      /^a\.tool: the function has no name\. Pass a named function/,
    )
    expect(messageOf(() => Agent('a').tools([T.fn(getTime), 'x' as never]))).toMatch(
      /^a\.tools\.1: "x" \(string\) is not a tool\./,
    )
    expect(messageOf(() => Agent('a').agentTool('helper' as never))).toMatch(/^a\.agentTool: expected a builder/)
    expect(messageOf(() => Agent('a').planner({} as never))).toMatch(/^a\.planner: expected a planner/)
    expect(messageOf(() => Agent('a').mock('hi' as never))).toMatch(/^a\.mock: expected a list of scripted replies/)
    expect(messageOf(() => Agent('a').proceedIf(true as never))).toMatch(/^a\.proceedIf: expected a predicate/)
    expect(messageOf(() => Agent('a').describe(1 as never))).toBe(
      "a.describe: expected a string, got 1 (number). Pass text, for example .describe('Answers billing questions.').",
    )
  })
})
