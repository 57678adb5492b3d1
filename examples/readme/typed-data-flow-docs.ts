// The code of docs/typed-data-flow.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`);
// every `@ts-expect-error` marks a line the compiler must reject (tsc fails on an unused one). The page shows the
// regions (`pnpm readme` copies them; examples/readme/readme.test.ts fails when they drift).
import { z } from 'zod'
import { Agent, C, P, Pipeline, Route, S } from '@adk-fluent/fluent'

// #region sources
const Intent = z.object({ category: z.enum(['billing', 'other']) })

export const support = Pipeline('support')
  .initialState('question')
  .step(Agent('classifier', 'gemini-2.5-flash').instruct('Classify: {question}').returns(Intent).writes('intent'))
  // The function sees `intent` as the schema's type; `category` is written with its type.
  .step(S.compute({ category: (state) => state.intent.category }))
  .step(
    Route('category')
      .eq('billing', Agent('billing', 'gemini-2.5-flash').instruct(P.template('Answer {question}.')).writes('answer'))
      .otherwise(Agent('general', 'gemini-2.5-flash').context(C.fromState('question')).writes('answer')),
  )
  // @ts-expect-error state key 'anwser' is not written before this step; write it in an earlier step or add it to …
  .step(Agent('polish', 'gemini-2.5-flash').instruct(P.task('Polish {anwser}.')))
// #endregion sources
