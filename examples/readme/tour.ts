// The README's tour. Every snippet in README.md is copied from this file, which CI type-checks; the outputs pasted
// in README.md are checked against the real ones by readme.test.ts (regenerate them with `pnpm readme`).
import { Agent, C, FanOut, Graph, P, Pipeline, Route, S, T, previewLlmCalls } from '@adk-fluent/fluent'
import { z } from 'zod'

// #region classifier
const Intent = z.object({
  category: z.enum(['billing', 'technical', 'other']),
  confidence: z.number().describe('0 to 1'),
})

export const classifier = Agent('classifier', 'gemini-2.5-flash')
  .instruct('Classify the customer request: {query}')
  .returns(Intent)
  .writes('intent')
// #endregion classifier

// #region writer
export const researcher = Agent('researcher', 'gemini-2.5-flash')
  .instruct(P.role('You are a meticulous researcher.').add(P.task('List five facts about {topic}.')))
  .writes('findings')

export const writer = Agent('writer', 'gemini-2.5-flash')
  .instruct('Write a short article about {topic}.')
  .reads('findings', 'tone')
  .writes('draft')

export const article = Pipeline('article').step(S.capture('topic')).step(researcher).step(writer)
// #endregion writer

// #region compose
const lookUpOrder = ({ orderId }: { orderId: string }) => ({ orderId, status: 'shipped' })

export const support = Pipeline('support')
  .step(classifier)
  .step(S.compute({ category: (state) => (state['intent'] as { category: string }).category }))
  .step(
    Route('category')
      .eq(
        'billing',
        Agent('billing', 'gemini-2.5-flash')
          .instruct('Resolve the billing question.')
          .tool(lookUpOrder, { parameters: z.object({ orderId: z.string() }) }),
      )
      .eq('technical', Agent('tech', 'gemini-2.5-flash').instruct('Fix the problem.').context(C.window(3)))
      .otherwise(Agent('general', 'gemini-2.5-flash').instruct('Answer politely.')),
  )

export const review = FanOut('review')
  .branch(Agent('style', 'gemini-2.5-flash').instruct('Review the style of {draft}.').writes('style_notes'))
  .branch(Agent('facts', 'gemini-2.5-flash').instruct('Check the facts in {draft}.').writes('fact_notes'))
  .then(S.merge(['style_notes', 'fact_notes'], { into: 'notes' }))
// #endregion compose

// #region graph
const critic = Agent('critic', 'gemini-2.5-flash')
  .instruct('Review {draft}. Answer approve or revise.')
  .returns(z.enum(['approve', 'revise'])) // an agent with routed edges routes by its answer
  .writes('verdict')

export const reviewGraph = Graph('review_graph')
  .initialState('topic')
  .chain(
    'START',
    Agent('drafter', 'gemini-2.5-flash').instruct('Write about {topic}. Last verdict: {verdict?}').writes('draft'),
    critic,
    { revise: 'drafter', approve: Agent('publisher', 'gemini-2.5-flash').instruct('Publish {draft}.') },
  )
  .maxSteps(10) // the bound of its cycle
// #endregion graph

// #region broken
export const broken = Pipeline('broken')
  .initialState('ticket') // the only key the caller's state brings
  .step(Agent('drafter', 'gemini-2.5-flash').instruct('Draft a reply to {ticket}.'))
  // @ts-expect-error the compiler sees it too: state key 'draft' | 'tone' is not written before this step
  .step(Agent('editor', 'gemini-2.5-flash').instruct('Edit {draft} in a {tone} tone.').reads('draft'))

// What `broken.check()` returns: every issue at once, as data.
export const brokenIssues = () => broken.check().map(({ level, agent, message }) => ({ level, agent, message }))
// #endregion broken

export const tools = T

// #region preview
export function writerInArticle(): Promise<string> {
  // The whole pipeline runs on a stand-in model: S.capture stores the message as the topic, the researcher answers
  // with the reply given here, and the writer's call is shown exactly as a run sends it.
  return article.llmAnatomy({
    userMessage: 'honeybees',
    state: { tone: 'playful' },
    replies: { researcher: ['- They dance to share directions.'] },
    at: 'writer',
  })
}

export async function supportCalls(): Promise<string[]> {
  const { calls } = await previewLlmCalls(support.node, {
    userMessage: 'Where is order A1?',
    state: { query: 'order A1' },
    replies: { classifier: ['{"category":"technical","confidence":0.9}'] },
  })
  return calls.map(
    (call) =>
      `${call.index}. ${call.agent}: ${call.request.contents.length} contents, state ${JSON.stringify(call.state)}`,
  )
}
// #endregion preview

// #region typed-flow
export const typedFlow = Pipeline('flow')
  .initialState('topic')
  .step(Agent('writer', 'gemini-2.5-flash').instruct('Write about {topic}.').writes('draft'))
  // @ts-expect-error state key 'drfat' is not written before this step; write it in an earlier step or add it to …
  .step(Agent('critic', 'gemini-2.5-flash').instruct('Review {drfat}.'))
// #endregion typed-flow
