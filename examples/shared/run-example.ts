import { InMemoryRunner, isBaseAgent, stringifyContent, type BaseAgent, type Event } from '@adk-fluent/core'
import type { AgentSource, Example } from './example.js'
import { chooseModel, type ModelChoice } from './choose-model.js'

export interface RunExampleOptions {
  prompt?: string
  /** Where lines go (default: stdout). */
  print?: (line: string) => void
  environment?: Readonly<Record<string, string | undefined>>
}

export interface ExampleRun {
  readonly choice: ModelChoice
  readonly events: readonly Event[]
  readonly finalText: string
  readonly state: Readonly<Record<string, unknown>>
}

/** Builds a core agent from a core agent or a fluent builder. */
export function toAgent(source: AgentSource): BaseAgent {
  return isBaseAgent(source) ? source : source.build()
}

/** Runs an example once: prints which model it uses, each agent's answer as it comes, and returns the run. */
export async function runExample(example: Example, options: RunExampleOptions = {}): Promise<ExampleRun> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`))
  const choice = chooseModel(example.script, options.environment)
  print(choice.label)
  const agent = toAgent(example.create(choice.model))
  const runner = new InMemoryRunner({ agent, appName: example.name })
  const session = await runner.sessionService.createSession({
    appName: example.name,
    userId: 'example-user',
    state: { ...example.initialState },
  })
  const prompt = options.prompt ?? example.defaultPrompt
  print(`> ${prompt}`)
  const events: Event[] = []
  let finalText = ''
  for await (const event of runner.runAsync({
    userId: 'example-user',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: prompt }] },
  })) {
    events.push(event)
    if (event.errorMessage) print(`[${event.author}] error ${event.errorCode}: ${event.errorMessage}`)
    const text = stringifyContent(event)
    if (text && !event.partial) {
      finalText = text
      print(`[${event.author}] ${text}`)
    }
  }
  const stored = await runner.sessionService.getSession({
    appName: example.name,
    userId: 'example-user',
    sessionId: session.id,
  })
  return { choice, events, finalText, state: stored?.state ?? {} }
}
