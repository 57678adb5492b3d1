import { ConfigError } from '@adk-fluent/core'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** The built-in sections in their fixed render order; custom sections follow in insertion order. */
export const builtInSections = Object.freeze(['role', 'context', 'task', 'constraint', 'format', 'example'] as const)

const labels: Readonly<Record<string, string>> = Object.freeze({
  role: '',
  template: '',
  scaffold_preamble: '',
  scaffold_postamble: '',
  context: 'Context',
  task: 'Task',
  constraint: 'Constraints',
  format: 'Output Format',
  example: 'Examples',
})

const aliases: Readonly<Record<string, string>> = Object.freeze({
  constraints: 'constraint',
  examples: 'example',
  output_format: 'format',
  persona: 'role',
})

const validName = /^[A-Za-z][A-Za-z0-9 _-]*$/

/**
 * The id of a section name: trimmed, lower-cased, spaces and dashes as underscores, plural/label forms mapped to
 * the built-in ids (`'Output Format'` → `format`, `'constraints'` → `constraint`).
 * @internal
 */
export function sectionId(name: string): string {
  const id = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  // Own keys only: `aliases.constructor` is Object's constructor, not an alias.
  return Object.hasOwn(aliases, id) ? (aliases[id] as string) : id
}

/** The header of a section: fixed for built-ins, `''` (no header) for role and templates, else title case. @internal */
export function sectionLabel(id: string): string {
  if (Object.hasOwn(labels, id)) return labels[id] as string
  return id
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** Validates a section name given to `factory`, returning its id; a bad name is a {@link ConfigError}. @internal */
export function parseSectionName(factory: string, name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0) {
    throwConfigIssue(
      'section_name_invalid',
      [factory],
      `the section name is empty.`,
      `Pass a name such as 'style_guide' (rendered with the header "Style Guide").`,
    )
  }
  if (!validName.test(name.trim())) {
    throwConfigIssue(
      'section_name_invalid',
      [factory],
      `section name ${JSON.stringify(name)} is not valid.`,
      `Use letters, digits, spaces or underscores, starting with a letter, such as 'style_guide'.`,
    )
  }
  return sectionId(name)
}

/** Render order of the given section ids: built-ins first in their fixed order, then the rest as given. @internal */
export function canonicalSectionOrder(ids: readonly string[]): string[] {
  const builtIn = builtInSections.filter((id) => ids.includes(id))
  const custom = ids.filter((id) => !(builtInSections as readonly string[]).includes(id) && !scaffold.includes(id))
  const first = ids.includes('scaffold_preamble') ? ['scaffold_preamble'] : []
  const last = ids.includes('scaffold_postamble') ? ['scaffold_postamble'] : []
  return [...first, ...builtIn, ...custom, ...last]
}

/** The sections of `P.scaffolded()`: the preamble renders first, the postamble last, both without a header. */
const scaffold: readonly string[] = ['scaffold_preamble', 'scaffold_postamble']
