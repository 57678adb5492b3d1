// The outputs pasted into README.md, computed by the same code users call.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCli } from '@adk-fluent/devtools'
import {
  article,
  broken,
  brokenIssues,
  classifier,
  review,
  reviewGraph,
  support,
  supportCalls,
  writer,
  writerInArticle,
} from './tour.js'

const repository = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** `$ adk-fluent <args>` and what the command printed, run in process from the repository root. */
async function cli(args: readonly string[]): Promise<string> {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: repository,
  }
  const code = await runCli(args, io)
  if (stderr !== '') throw new Error(`adk-fluent ${args.join(' ')} wrote to stderr (exit code ${code}):\n${stderr}`)
  return `$ adk-fluent ${args.join(' ')}\n${stdout}`
}
import { aiSdkRun } from './ai-sdk.js'
import { cancelled, limitError, usageReport } from './production.js'

/** Output name → how to compute it. */
export const outputs: Readonly<Record<string, () => string | Promise<string>>> = {
  // The README's command list is `adk-fluent --help` itself: they cannot disagree on a flag.
  'cli-help': () => cli(['--help']),
  'classifier-anatomy': () => classifier.llmAnatomy(),
  'review-graph-mermaid': () => reviewGraph.toMermaid(),
  'classifier-data-flow': () => classifier.dataFlow(),
  'writer-anatomy': () =>
    writer.llmAnatomy({
      state: { topic: 'honeybees', findings: '- They dance to share directions.', tone: 'playful' },
      userMessage: 'Go',
    }),
  'article-data-flow': () => article.dataFlow(),
  'writer-in-article': () => writerInArticle(),
  'support-calls': async () => (await supportCalls()).join('\n'),
  'support-mermaid': () => support.toMermaid(),
  'review-ascii': () => review.toAscii(),
  'broken-check': () => JSON.stringify(brokenIssues(), null, 2),
  'broken-build': () => {
    try {
      broken.build()
      return 'built (no error)'
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`
    }
  },
  'weather-eval': () =>
    cli([
      'eval',
      'examples/weather-agent/eval/agent.ts',
      'examples/weather-agent/eval/weather.evalset.json:named_city_metric',
      '--print_detailed_results',
    ]),
  'usage-report': usageReport,
  'limit-error': limitError,
  cancelled: cancelled,
  'ai-sdk-run': aiSdkRun,
}
