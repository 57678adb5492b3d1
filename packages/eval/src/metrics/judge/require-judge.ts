import type { BaseLlm } from '@adk-fluent/core'
import { ConfigError } from '@adk-fluent/core'
import type { EvalMetric } from '../../schema/eval-config.js'
import type { MetricContext } from '../metric-types.js'

/** The judge of an LLM-judged metric; its absence is a configuration error. */
export function requireJudge(metric: EvalMetric, context: MetricContext): BaseLlm {
  if (context.judge) return context.judge
  throw new ConfigError([
    {
      code: 'model_missing',
      path: ['evaluate', 'judge'],
      message: `metric ${metric.metricName} needs a judge model:`,
      hint: 'pass evaluate({ judge }) (any BaseLlm)',
    },
  ])
}
