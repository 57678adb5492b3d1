import { InMemoryRunner } from '@adk-fluent/core'
import { chooseModel } from '../shared/choose-model.js'
import { ProgressLine, type ProgressTarget } from '../shared/progress-line.js'
import { createAgents, createShowcase, example } from './index.js'

export interface ShowcaseOptions {
  prompt?: string
  /** Where output goes (default: stdout); a TTY target gets the live progress line. */
  target?: ProgressTarget
  environment?: Readonly<Record<string, string | undefined>>
}

/**
 * The demo: prints the graph, each agent's LLM call anatomy and the contract check, then runs the pipeline with a
 * progress line and returns the final session state.
 */
export async function runShowcase(options: ShowcaseOptions = {}): Promise<Record<string, unknown>> {
  const target = options.target ?? process.stdout
  const out = (line = '') => target.write(`${line}\n`)
  const prompt = options.prompt ?? example.defaultPrompt
  const choice = chooseModel(example.script, options.environment)
  const pipeline = createShowcase(choice.model)
  const agents = createAgents(choice.model)

  out('adk-fluent showcase — research → write → review loop')
  out(choice.label)
  out()
  out(pipeline.toAscii())
  out()
  for (const agent of [agents.researcher, agents.writer, agents.reviewer]) {
    out(agent.llmAnatomy())
    out()
  }
  const issues = pipeline.check()
  out(
    issues.length === 0
      ? 'Contract check: no issues.'
      : `Contract check:\n${issues.map((issue) => `  [${issue.level}] ${issue.agent}: ${issue.message}`).join('\n')}`,
  )
  out()
  out(`> ${prompt}`)

  const runner = new InMemoryRunner({ agent: pipeline.build(), appName: 'showcase' })
  const session = await runner.sessionService.createSession({ appName: 'showcase', userId: 'demo' })
  const progress = new ProgressLine(target)
  try {
    for await (const event of runner.runAsync({
      userId: 'demo',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: prompt }] },
      runConfig: { streamingMode: 'sse' },
    })) {
      progress.update(event)
      progress.answer(event)
    }
  } finally {
    progress.stop()
  }
  const stored = await runner.sessionService.getSession({ appName: 'showcase', userId: 'demo', sessionId: session.id })
  const state = stored?.state ?? {}
  out()
  out(
    `Quality ${String(state['quality'])} after ${String(state['quality_rounds'])} round(s): ${String(state['quality_stop_reason'])}.`,
  )
  return state
}
