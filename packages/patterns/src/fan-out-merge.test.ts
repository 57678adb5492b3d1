import { describe, expect, it } from 'vitest'
import { Agent, ConfigError } from '@adk-fluent/fluent'
import { fanOutMerge } from './fan-out-merge.js'
import { reply, runFlow, sleep, type SeenRequest } from './run-flow.test-helper.js'

function configIssue(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error)) {
      // Every issue has a stable code; the assertions below compare the rest.
      const { code, ...issue } = error.issues[0] as (typeof error.issues)[number]
      expect(code).toMatch(/^[a-z_]+$/)
      return issue
    }
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('fanOutMerge', () => {
  it('runs the branches concurrently and merges their answers in branch order', async () => {
    const slow = async () => {
      await sleep(20)
      return 'web findings'
    }
    const synthesis: SeenRequest[] = []
    const flow = fanOutMerge({
      branches: [Agent('web').mock([slow]).writes('web'), Agent('papers').mock(['paper findings']).writes('papers')],
      mergeKey: 'findings',
    }).then(
      Agent('synthesizer')
        .instruct('Synthesize.')
        .reads('findings')
        .mock([reply(synthesis, 'report')]),
    )
    const { state, events } = await runFlow(flow)
    expect(events.filter((event) => event.content).map((event) => event.author)).toEqual([
      'papers',
      'web',
      'synthesizer',
    ])
    expect(state['findings']).toBe('web findings\npaper findings')
    expect(synthesis[0]?.system).toContain(
      '<conversation_context>\n[findings]: web findings\npaper findings\n</conversation_context>',
    )
  })

  it('merges with fn when given', async () => {
    const flow = fanOutMerge({
      branches: [Agent('a').mock(['1']).writes('a'), Agent('b').mock(['2']).writes('b')],
      mergeKey: 'sum',
      fn: (values) => values.map(Number).reduce((total, value) => total + value, 0),
    })
    expect((await runFlow(flow)).state['sum']).toBe(3)
  })

  it('rejects branches whose answers could not be merged', () => {
    const web = Agent('web').writes('web')
    expect(configIssue(() => fanOutMerge({ branches: [web, Agent('papers')], mergeKey: 'findings' }))).toEqual({
      path: ['fanOutMerge', 'branches', 1],
      message: `"papers" writes no state key, so its answer could not be merged.`,
      hint: "Add .writes('papers') to it.",
    })
    expect(
      configIssue(() => fanOutMerge({ branches: [web, Agent('web_2').writes('web')], mergeKey: 'findings' })),
    ).toMatchObject({
      message: 'writes "web" like branch 0, so one answer would overwrite the other.',
      hint: 'Give each branch its own .writes() key.',
    })
    expect(configIssue(() => fanOutMerge({ branches: [web], mergeKey: 'findings' }))?.path).toEqual([
      'fanOutMerge',
      'branches',
    ])
    expect(configIssue(() => fanOutMerge({ branches: [web, Agent('b').writes('b')] } as never))?.path).toEqual([
      'fanOutMerge',
      'mergeKey',
    ])
    expect(configIssue(() => fanOutMerge({ branches: [web, Agent('b').writes('b')], mergeKey: 'web' }))?.path).toEqual([
      'fanOutMerge',
      'mergeKey',
    ])
    expect(
      configIssue(() => fanOutMerge({ branches: [web, Agent('b').writes('b')], mergeKey: 'm', fn: 'join' as never }))
        ?.path,
    ).toEqual(['fanOutMerge', 'fn'])
  })
})
