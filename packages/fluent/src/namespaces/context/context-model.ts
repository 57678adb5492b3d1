import { formatArgument } from '../shared/format-argument.js'
import { parseStageModel, stageModelName, type StageModel } from '../shared/stage-model.js'

/**
 * The model of a model-powered context policy: a core model instance, or a model name resolved by `LLMRegistry`.
 * Left out, the policy uses the running agent's model (its own or an ancestor's).
 */
export type ContextModel = StageModel

/** Validates the optional `model` option of `factory`. @internal */
export function parseContextModel(factory: string, model: unknown): ContextModel | undefined {
  return parseStageModel(factory, model)
}

/** The name of a context model, for descriptions. @internal */
export function contextModelName(model: ContextModel | undefined): string {
  return stageModelName(model)
}

/** `model: 'name', ` for a factory call as written, or `''` when no model is given. @internal */
export function modelArgument(model: ContextModel | undefined): string {
  return model === undefined ? '' : `model: ${formatArgument(stageModelName(model))}`
}
