import { createHash } from 'node:crypto'
import type { PromptBlock, PromptCondition } from './prompt-block.js'
import type { PromptTransform } from './prompt-transform.js'

/** The parts of a prompt its fingerprint covers. */
interface Fingerprinted {
  readonly blocks: readonly PromptBlock[]
  readonly transforms: readonly PromptTransform[]
  readonly version: string | undefined
}

function condition(value: PromptCondition): unknown {
  return value.kind === 'state-key' ? { key: value.key } : { predicate: value.predicate.toString() }
}

function block(value: PromptBlock): unknown {
  if (value.kind === 'prompt-text') return [value.section, value.text, value.dynamic]
  if (value.kind === 'prompt-state') return ['state', value.keys]
  return ['when', condition(value.condition), value.blocks.map(block)]
}

function transform(value: PromptTransform): unknown {
  if (value.kind === 'prompt-map') return ['map', value.mapper.toString()]
  if (value.kind === 'prompt-model') return ['model', value.call, value.instruction]
  return [value.kind, value.names]
}

/**
 * A 12-hex-digit SHA-256 of the prompt's canonical structure: blocks (section, text, conditions; predicates and
 * text functions by their source), transforms and the version tag. @internal
 */
export function promptFingerprint(spec: Fingerprinted): string {
  const canonical = JSON.stringify([spec.blocks.map(block), spec.transforms.map(transform), spec.version ?? null])
  return createHash('sha256').update(canonical).digest('hex').slice(0, 12)
}
