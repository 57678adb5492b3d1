import * as adk from '@google/adk'
import * as core from '@adk-fluent/core'
import type { BenchConfig } from '../bench-config.js'
import { Agent, P, type PipelineBuilder, type PromptSpec } from '@adk-fluent/fluent'
import { measureOne, measurePair, scale, type Sampler } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'

const SECTIONS = 20

/** Chains `size` agents with `.then()` (each with an instruction and an outputKey). */
export function chain(size: number): PipelineBuilder {
  const step = (index: number) =>
    Agent(`step_${index}`)
      .instruct(`Improve {out_${index - 1}}.`)
      .writes(`out_${index}`)
  // Typed as a plain PipelineBuilder: keys built at run time are not tracked by the types (typed data flow).
  let pipeline: PipelineBuilder = Agent('step_0').instruct('Start from {topic}.').writes('out_0').then(step(1))
  for (let index = 2; index < size; index++) pipeline = pipeline.then(step(index))
  return pipeline
}

/** True when the cost per agent at the largest size is more than 1.5× the cost at the smallest. */
function superlinear(perAgent: readonly number[]): boolean {
  return perAgent.length > 1 && (perAgent[perAgent.length - 1] ?? 0) > 1.5 * (perAgent[0] ?? 0)
}

/** The same tree built by hand with @google/adk's constructors. */
export function adkPipeline(size: number): adk.SequentialAgent {
  const subAgents: adk.LlmAgent[] = []
  for (let index = 0; index < size; index++) {
    subAgents.push(
      new adk.LlmAgent({
        name: `step_${index}`,
        instruction: index === 0 ? 'Start from {topic}.' : `Improve {out_${index - 1}}.`,
        outputKey: `out_${index}`,
      }),
    )
  }
  return new adk.SequentialAgent({ name: 'pipeline', subAgents })
}

/** The same tree built by hand with @adk-fluent/core's constructors (what build() lowers to). */
export function corePipeline(size: number): core.SequentialAgent {
  const subAgents: core.LlmAgent[] = []
  for (let index = 0; index < size; index++) {
    subAgents.push(
      new core.LlmAgent({
        name: `step_${index}`,
        instruction: index === 0 ? 'Start from {topic}.' : `Improve {out_${index - 1}}.`,
        outputKey: `out_${index}`,
      }),
    )
  }
  return new core.SequentialAgent({ name: 'pipeline', subAgents })
}

function prompt(): PromptSpec {
  let spec = P.role('You are a meticulous technical writer.')
  for (let index = 1; index < SECTIONS; index++)
    spec = spec.add(P.section(`section_${index}`, `Rule ${index}: keep paragraph ${index} under 80 words.`))
  return spec
}

/**
 * H: `build()` of a 1,000-agent fluent pipeline (the chain of `.then()` calls and `build()` timed apart, and the
 * chain checked for linear growth), against constructing the same agents with @google/adk by hand; and building
 * an agent with a 20-section `P` prompt.
 */
export async function runFluentBuild(config: BenchConfig): Promise<ResultRow[]> {
  const sizes = config.pipelineSizes
  const size = sizes.includes(1000) ? 1000 : (sizes[sizes.length - 1] as number)
  const chainSampler =
    (n: number): Sampler =>
    async (ops) => {
      const start = performance.now()
      for (let index = 0; index < ops; index++) chain(n)
      return performance.now() - start
    }
  const buildSamplerOf =
    (n: number): Sampler =>
    async (ops) => {
      const pipelines = Array.from({ length: ops }, () => chain(n))
      const start = performance.now()
      for (const pipeline of pipelines) pipeline.build()
      return performance.now() - start
    }
  const buildSampler = buildSamplerOf(size)
  const chainAndBuild: Sampler = async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) chain(size).build()
    return performance.now() - start
  }
  const adkSampler: Sampler = async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) adkPipeline(size)
    return performance.now() - start
  }
  const coreSampler: Sampler = async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) corePipeline(size)
    return performance.now() - start
  }
  const built = chain(size)
  const checkSampler: Sampler = async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) built.check()
    return performance.now() - start
  }
  const rows: ResultRow[] = []
  const whole = await measurePair(chainAndBuild, adkSampler, config.buildPlan)
  const byCore = await measurePair(chainAndBuild, coreSampler, config.buildPlan)
  const buildOnly = await measureOne(buildSampler, config.buildPlan)
  const chainOnly = await measureOne(chainSampler(size), config.buildPlan)
  const checkOnly = await measureOne(checkSampler, config.buildPlan)
  // Linearity: the cost per agent of chaining and of build() at each size (flat = linear).
  // The fastest sample per size: a garbage collection only ever slows a sample, and larger trees meet more of them.
  const linearityPlan = { warmup: 2, samples: config.quick ? 1 : 9 }
  const chainPerAgent: number[] = []
  const buildPerAgent: number[] = []
  for (const n of sizes) {
    chainPerAgent.push(((await measureOne(chainSampler(n), linearityPlan)).min * 1000) / n)
    buildPerAgent.push(((await measureOne(buildSamplerOf(n), linearityPlan)).min * 1000) / n)
  }
  const list = (values: readonly number[]) =>
    values.map((value, index) => `${sizes[index] ?? '?'}: ${formatNumber(value)}`).join(', ')
  const growth = (values: readonly number[]) => formatNumber((values[values.length - 1] ?? 0) / (values[0] ?? 1))
  rows.push({
    scenario: 'H',
    name: `${size}-agent pipeline: .then() chain + build() (ours) vs constructing it with @google/adk`,
    unit: 'ms',
    ours: whole.ours,
    theirs: whole.theirs,
    ratio: whole.ratio,
    target: { kind: 'ratio', max: 2 },
    note: [
      `The chain alone: ${formatNumber(chainOnly.median)} ms; build() alone: ${formatNumber(buildOnly.median)} ms (structure, the contract checks that can fail, lowering to core agents); check() alone, which also finds and words every warning and info: ${formatNumber(checkOnly.median)} ms.`,
      `µs per agent by pipeline size, fastest of ${linearityPlan.samples} (flat = linear) — chain: ${list(chainPerAgent)} (×${growth(chainPerAgent)} from smallest to largest); build(): ${list(buildPerAgent)} (×${growth(buildPerAgent)}).`,
      superlinear(buildPerAgent)
        ? 'build() grows faster than the pipeline: profile it (node --cpu-prof) for a per-step copy.'
        : '',
      superlinear(chainPerAgent) ? 'The chain grows faster than the pipeline too: profile it the same way.' : '',
    ]
      .filter(Boolean)
      .join(' '),
  })
  rows.push({
    scenario: 'H',
    name: `${size}-agent pipeline: .then() chain + build() (ours) vs constructing it with @adk-fluent/core`,
    unit: 'ms',
    ours: byCore.ours,
    theirs: byCore.theirs,
    ratio: byCore.ratio,
  })
  const promptBuild: Sampler = async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) Agent('writer').instruct(prompt()).build()
    return performance.now() - start
  }
  const value = await measureOne(promptBuild, {
    ...config.buildPlan,
    minSampleMs: config.quick ? 1 : 10,
    maxOps: 10_000,
  })
  rows.push({
    scenario: 'H',
    name: `Agent with a ${SECTIONS}-section P prompt: compose + build()`,
    unit: 'µs',
    ours: scale(value, 1000),
  })
  return rows
}
