/**
 * The showcase (`pnpm demo`): research → write → review loop. It prints the graph and what each model call will
 * see, then runs with a live line showing which agent is working — offline on scripted models, or on Gemini when
 * GOOGLE_API_KEY is set.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent, P, Pipeline, S, type PipelineBuilder } from '@adk-fluent/fluent'
import { reviewLoop } from '@adk-fluent/patterns'
import type { Example } from '../shared/example.js'

/** The three agents, so the demo can show each one's anatomy. */
export function createAgents(model: string | BaseLlm) {
  const researcher = Agent('researcher', model)
    .describe('Collects facts about the topic.')
    .instruct(
      P.role('You are a meticulous researcher.')
        .add(P.task('List the five most useful facts about {topic} for a short article.'))
        .add(P.format('A bulleted list, one fact per line.')),
    )
    .writes('findings')
  const writer = Agent('writer', model)
    .describe('Writes the article.')
    .instruct(
      P.role('You are a clear, friendly technical writer.')
        .add(P.task('Write a three-sentence article about {topic} using the findings.'))
        .add(
          P.constraint('Use only the findings; do not invent numbers.', 'When there is reviewer feedback, address it.'),
        ),
    )
    .reads('findings')
    .writes('draft')
  const reviewer = Agent('reviewer', model)
    .describe('Scores the draft.')
    .instruct(
      'Review the article. First line: "Score: N/10" (10 = ready to publish). Second line: the one change that would improve it most.',
    )
    .reads('draft')
  return { researcher, writer, reviewer }
}

/** The whole pipeline: capture the topic, research it, then write and review until the draft scores 0.8. */
export function createShowcase(model: string | BaseLlm): PipelineBuilder {
  const { researcher, writer, reviewer } = createAgents(model)
  return Pipeline('showcase')
    .step(S.capture('topic'))
    .step(researcher)
    .step(reviewLoop({ worker: writer, reviewer, target: 0.8, maxRounds: 3 }))
}

export const example: Example = {
  name: 'showcase',
  description: 'Research → write → review loop, with its graph and each model call’s anatomy.',
  defaultPrompt: 'How do honeybees communicate?',
  script: [
    text(
      '- Forager bees perform a "waggle dance" to share where food is.\n- The angle of the dance gives the direction relative to the sun.\n- The length of the waggle run encodes the distance.\n- Bees also share scent from the flowers they visited.\n- A "stop signal" warns others away from dangerous food sources.',
    ),
    text(
      'Honeybees talk by dancing. A forager performs a waggle dance that points toward food. Other bees follow the dance.',
    ),
    text('Score: 6/10\nSay how the dance encodes distance and direction; that is the surprising part.'),
    text(
      'Honeybees share directions by dancing. The angle of a forager’s waggle dance points toward the food relative to the sun, and the length of each waggle run tells how far away it is. Scents on the dancer and a "stop signal" for danger complete the message.',
    ),
    text('Score: 9/10\nClear, accurate and vivid. Publish.'),
  ],
  create: createShowcase,
}

/**
 * For the CLI (`adk-fluent explain|graph|anatomy|run examples/showcase/index.ts`): the pipeline on the default model
 * name (Gemini when GOOGLE_API_KEY is set), and the replies `run` uses offline without a key.
 */
export const showcase = createShowcase(process.env['ADK_FLUENT_MODEL'] || 'gemini-2.5-flash')
export const mockScript = example.script
