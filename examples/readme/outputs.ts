// The outputs pasted into README.md, computed by the same code users call.
import { article, broken, classifier, review, support, writer } from './tour.js'

/** Output name → how to compute it. */
export const outputs: Readonly<Record<string, () => string | Promise<string>>> = {
  'classifier-anatomy': () => classifier.llmAnatomy(),
  'classifier-data-flow': () => classifier.dataFlow(),
  'writer-anatomy': () =>
    writer.llmAnatomy({ state: { topic: 'honeybees', findings: '- They dance to share directions.', tone: 'playful' }, userMessage: 'Go' }),
  'article-data-flow': () => article.dataFlow(),
  'support-mermaid': () => support.toMermaid(),
  'review-ascii': () => review.toAscii(),
  'broken-check': () =>
    broken
      .check({ initialState: [] })
      .map((issue) => `[${issue.level}] ${issue.agent}: ${issue.message}\n  hint: ${issue.hint}`)
      .join('\n'),
}
