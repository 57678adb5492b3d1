import { z } from 'zod'
import { Agent, FanOut, Loop, Pipeline } from '../builders/workflow-factories.js'
import * as S from '../namespaces/state/index.js'

/** The classifier's answer. */
export const Intent = z.object({ category: z.enum(['billing', 'tech']), confidence: z.number() })

function search({ query }: { query: string }) {
  return { results: [query] }
}

/** The five subjects of the exact-output tests. */
export const subjects = {
  classifier: Agent('classifier', 'gemini-2.5-flash')
    .instruct('Classify: {query}')
    .reads('query')
    .returns(Intent)
    .writes('intent'),
  readsWriter: Agent('writer', 'gemini-2.5-flash')
    .instruct('Write about {topic}.')
    .reads('findings', 'tone')
    .writes('draft'),
  pipeline: Pipeline('research')
    .step(
      Agent('researcher')
        .instruct('Research {topic}.')
        .tool(search, { parameters: z.object({ query: z.string() }) })
        .writes('findings'),
    )
    .step(S.rename({ findings: 'notes' }))
    .step(Agent('writer').instruct('Write about {topic}.').reads('notes').writes('draft'))
    .initialState('topic'),
  fanOut: FanOut('gather')
    .branch(Agent('web').instruct('Search the web for {topic}.').writes('web'))
    .branch(Agent('papers').instruct('Search papers on {topic}.').writes('papers'))
    .initialState('topic'),
  loop: Loop('refine')
    .step(Agent('drafter').instruct('Improve the draft using {feedback?}.').writes('draft'))
    .step(Agent('reviewer').instruct('Review the draft.').reads('draft').writes('feedback'))
    .maxIterations(3),
}
