import {
  AdkFluentError,
  LLMRegistry,
  type BaseLlm,
  type Context,
  type LlmAgent,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import type { GuardSpec, JudgeVerdict } from './guard-spec.js'

/** The instruction a judge model receives (also shown by previews). @internal */
export function judgeInstruction(criteria: string): string {
  return `You are a strict content judge. Decide whether the text meets these criteria:\n${criteria}\nAnswer only with JSON: {"verdict": "allow" | "block", "reason": "<one sentence>"}.`
}

/** The JSON schema of a verdict, sent with the judge's request. */
const verdictSchema = Object.freeze({
  type: 'object',
  properties: { verdict: { type: 'string', enum: ['allow', 'block'] }, reason: { type: 'string' } },
  required: ['verdict', 'reason'],
})

/** The request a judge model receives for `text`. @internal */
export function judgeRequest(criteria: string, text: string, model: string): LlmRequest {
  return {
    model,
    contents: [{ role: 'user', parts: [{ text: `Text to judge:\n<<<\n${text}\n>>>` }] }],
    config: {
      systemInstruction: judgeInstruction(criteria),
      responseMimeType: 'application/json',
      responseJsonSchema: verdictSchema,
    },
    toolsDict: {},
  }
}

/**
 * The judge's model: a run-scoped `modelOverride` (a preview's stand-in, which then records the judge's request as
 * a call of the agent) first, then the guard's model, else the agent's own.
 */
function judgeModel(guard: GuardSpec, context: Context): BaseLlm {
  const ctx = context.invocationContext
  const override = ctx.runConfig.modelOverride?.(ctx.agent as LlmAgent, ctx)
  if (override) return override
  const chosen = guard.judge?.model
  if (chosen === undefined) return (context.invocationContext.agent as LlmAgent).canonicalModel
  return typeof chosen === 'string' ? LLMRegistry.newLlm(chosen) : chosen
}

function runEnding(error: unknown): boolean {
  return AdkFluentError.isInstance(error) && (error.code === 'ABORTED' || error.code.startsWith('SESSION_'))
}

/** Reads `{ verdict, reason }` from a judge's answer; anything else is `undefined` (and blocks). */
function readVerdict(response: LlmResponse | undefined): JudgeVerdict | undefined {
  const text = (response?.content?.parts ?? [])
    .map((part) => part.text ?? '')
    .join('')
    .trim()
  const json = text.replace(/^```(?:json)?\s*|\s*```$/g, '')
  try {
    const parsed = JSON.parse(json) as { verdict?: unknown; reason?: unknown }
    if (parsed.verdict !== 'allow' && parsed.verdict !== 'block') return undefined
    return { verdict: parsed.verdict, reason: typeof parsed.reason === 'string' ? parsed.reason : '' }
  } catch {
    return undefined
  }
}

/**
 * Asks the guard's judge about `text`: one model call, counted in the run's usage (under the agent) and traced as a
 * `chat` span. Fails closed: an error, an error response or an unreadable answer gives a `block` verdict.
 */
export async function runJudge(guard: GuardSpec, context: Context, text: string): Promise<JudgeVerdict> {
  const ctx = context.invocationContext
  const agentName = ctx.agent.name
  let model: BaseLlm
  try {
    model = judgeModel(guard, context)
  } catch (error) {
    return { verdict: 'block', reason: `the judge model is unavailable (${(error as Error).message})` }
  }
  const request = judgeRequest(guard.judge?.criteria ?? '', text, model.model)
  ctx.usage.addModelCall(agentName)
  const traced = ctx.tracing?.startModelCall(agentName, model.model, request, ctx.traceContext)
  let last: LlmResponse | undefined
  const call = async (): Promise<LlmResponse[]> => {
    const all: LlmResponse[] = []
    for await (const response of model.generateContentAsync(request, false, ctx.abortSignal)) all.push(response)
    return all
  }
  try {
    // A durable run's hook records the judge's call like any model call (replayed, never repeated).
    const hook = ctx.hooks?.runModelCall
    const responses = hook ? await hook.call(ctx.hooks, { agentName, branch: ctx.branch }, call) : await call()
    last = responses.filter((response) => !response.partial).at(-1)
  } catch (error) {
    if (traced) ctx.tracing?.recordError(traced, error)
    // An abort or a failed store ends the run as it would for any model call; a failed judge blocks.
    if (ctx.abortSignal?.aborted || runEnding(error)) throw error
    return { verdict: 'block', reason: 'the judge failed' }
  } finally {
    if (traced) {
      if (last) ctx.tracing?.recordModelResponse(traced, last)
      traced.span.end()
    }
  }
  if (last?.usageMetadata) ctx.usage.addTokens(agentName, last.usageMetadata)
  if (last?.errorCode !== undefined) return { verdict: 'block', reason: 'the judge failed' }
  return readVerdict(last) ?? { verdict: 'block', reason: 'the judge gave no readable verdict' }
}
