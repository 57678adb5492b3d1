import type {
  PromptBlock,
  PromptBlockKind,
  PromptStateBlock,
  PromptTextBlock,
  PromptWhenBlock,
} from './prompt-block.js'
import type { PromptSpec } from './prompt-spec.js'
import { applySectionTransforms, applyTextTransforms } from './prompt-transform.js'
import { canonicalSectionOrder, sectionLabel } from './section-name.js'

/**
 * How blocks turn into lines. Static compilation, run-time compilation and `describePrompt` differ only in their
 * view; the layout (sections, order, headers, transforms) is shared.
 * @internal
 */
export interface PromptView {
  /** The lines of a text block (`[]` to leave it out). `conditions` are the enclosing `P.when` blocks. */
  text(block: PromptTextBlock, conditions: readonly PromptWhenBlock[]): readonly string[]
  /** The lines of a `P.fromState` block. */
  state(block: PromptStateBlock, conditions: readonly PromptWhenBlock[]): readonly string[]
  /** Whether a `P.when` block's inner blocks are included. */
  include(block: PromptWhenBlock): boolean
}

/**
 * The ids of the sections a prompt renders, in render order: built-in sections in their fixed order, then custom
 * sections in insertion order, then `P.only` / `P.without` / `P.reorder` applied.
 * @internal
 */
export function promptSectionOrder(spec: PromptSpec): string[] {
  const seen: string[] = []
  visitBlocks(
    spec.blocks,
    [],
    (block) => {
      if (!seen.includes(block.section)) seen.push(block.section)
    },
    () => true,
  )
  return applySectionTransforms(canonicalSectionOrder(seen), spec.transforms)
}

/** Renders a prompt through a view: `Label:\n<body>` sections joined by a blank line, then text transforms. @internal */
export function layoutPrompt(spec: PromptSpec, view: PromptView): string {
  const order = promptSectionOrder(spec)
  const lines = new Map<string, string[]>()
  visitBlocks(
    spec.blocks,
    [],
    (block, conditions) => {
      if (!order.includes(block.section)) return
      const produced = block.kind === 'prompt-text' ? view.text(block, conditions) : view.state(block, conditions)
      const list = lines.get(block.section) ?? []
      for (const line of produced) if (line.length > 0) list.push(line)
      lines.set(block.section, list)
    },
    (block) => view.include(block),
  )
  const sections: string[] = []
  for (const id of order) {
    const body = lines.get(id)
    if (!body || body.length === 0) continue
    const label = sectionLabel(id)
    sections.push(label ? `${label}:\n${body.join('\n')}` : body.join('\n'))
  }
  return applyTextTransforms(sections.join('\n\n'), spec.transforms)
}

type Leaf = PromptTextBlock | PromptStateBlock

/**
 * Walks blocks depth-first in insertion order, calling `leaf` for text and state blocks and descending into a
 * `P.when` block when `enter` allows it.
 * @internal
 */
export function visitBlocks(
  blocks: readonly PromptBlock[],
  conditions: readonly PromptWhenBlock[],
  leaf: (block: Leaf, conditions: readonly PromptWhenBlock[]) => void,
  enter: (block: PromptWhenBlock) => boolean,
): void {
  for (const block of blocks) visitByKind[block.kind](block as never, conditions, leaf, enter)
}

type Visitor = {
  readonly [K in PromptBlockKind]: (
    block: Extract<PromptBlock, { kind: K }>,
    conditions: readonly PromptWhenBlock[],
    leaf: (block: Leaf, conditions: readonly PromptWhenBlock[]) => void,
    enter: (block: PromptWhenBlock) => boolean,
  ) => void
}

const visitByKind: Visitor = {
  'prompt-text': (block, conditions, leaf) => leaf(block, conditions),
  'prompt-state': (block, conditions, leaf) => leaf(block, conditions),
  'prompt-when': (block, conditions, leaf, enter) => {
    if (enter(block)) visitBlocks(block.blocks, [...conditions, block], leaf, enter)
  },
}
