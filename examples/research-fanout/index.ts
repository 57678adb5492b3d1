/**
 * Research fan-out: the user's question is captured as the topic, three researchers work on it at the same time
 * (each writing its findings to its own state key), `S.merge` joins their findings into one key, and a synthesizer
 * that `.reads()` only that key — not the conversation — writes the briefing.
 */
import type { BaseLlm } from '@adk-fluent/core'
import { FanOut, Agent, Pipeline, S, type PipelineBuilder } from '@adk-fluent/fluent'
import type { Example } from '../shared/example.js'

/** The state keys the researchers write, in the order their findings are merged. */
export const findingKeys = ['web_findings', 'paper_findings', 'market_findings'] as const

/** Builds the research pipeline on a model. */
export function createResearch(model: string | BaseLlm): PipelineBuilder {
  const researcher = (name: string, focus: string, key: string) =>
    Agent(name, model)
      .instruct(`You research the question "{topic}". ${focus} Reply with three short bullet points.`)
      .writes(key)
  const research = FanOut('research')
    .branch(researcher('web_researcher', 'Summarize what recent articles and blog posts say.', 'web_findings'))
    .branch(researcher('paper_researcher', 'Summarize what peer-reviewed studies found.', 'paper_findings'))
    .branch(researcher('market_researcher', 'Summarize prices, adoption and market trends.', 'market_findings'))
  return Pipeline('research_briefing')
    .step(S.capture('topic'))
    .step(research)
    .step(S.merge([...findingKeys], { into: 'findings' }))
    .step(
      Agent('synthesizer', model)
        .instruct(
          'Answer the question "{topic}" in a five-sentence briefing for a busy reader. Use only the findings below.',
        )
        .reads('findings')
        .writes('briefing'),
    )
}

export const example: Example = {
  name: 'research-fanout',
  description: 'FanOut of researchers, S.merge of their findings, and a synthesizer that reads the merged key.',
  defaultPrompt: 'Do heat pumps lower household energy bills?',
  script: {
    web_researcher: [
      '- Owners report 20–40% lower heating bills\n- Savings depend on electricity prices\n- Installers are booked for months',
    ],
    paper_researcher: [
      '- Field trials: seasonal efficiency 2.8–3.5\n- Savings largest when replacing oil\n- Insulation matters more than the model',
    ],
    market_researcher: [
      '- Sales grew 11% in 2024\n- Installed cost €8–15k before subsidies\n- Subsidies cover up to 40% in some countries',
    ],
    synthesizer: [
      'Mostly yes. Heat pumps typically cut heating bills by 20–40%, with the biggest savings when they replace oil. Field trials measure a seasonal efficiency of about 3, but results depend on insulation and electricity prices. Up-front costs of €8–15k are offset in part by subsidies of up to 40%. Demand is rising, so expect waiting lists for installers.',
    ],
  },
  create: createResearch,
}
