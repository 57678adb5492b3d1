import type { Rubric } from '../../schema/types.js'

/** One property the judge answered about. */
export interface RubricVerdict {
  readonly id?: string
  readonly property: string
  readonly rationale: string
  readonly score: number | undefined
}

/**
 * Parses a rubric judge's answer: blocks of `ID:` (optional), `Property:`, `Rationale:` and `Verdict:` lines. A verdict
 * containing "yes" scores 1.0, else "no" 0.0, else none. When the numbers of properties, rationales and verdicts
 * differ, the whole answer is discarded (ADK does the same).
 */
export function parseRubricVerdicts(answer: string): RubricVerdict[] {
  const properties: { id?: string; text: string }[] = []
  const rationales: string[] = []
  const verdicts: (number | undefined)[] = []
  let pendingId: string | undefined
  for (const line of answer.split('\n')) {
    const match = /^\s*[*_#-]*\s*(ID|Property|Rationale|Verdict)\s*[*_]*\s*:\s*[*_]*\s*(.*)$/i.exec(line)
    if (!match) continue
    const label = (match[1] ?? '').toLowerCase()
    const value = (match[2] ?? '').trim()
    if (label === 'id') pendingId = value
    else if (label === 'property') {
      properties.push({ ...(pendingId === undefined ? {} : { id: pendingId }), text: value })
      pendingId = undefined
    } else if (label === 'rationale') rationales.push(value)
    else {
      const verdict = value.toLowerCase()
      verdicts.push(verdict.includes('yes') ? 1 : verdict.includes('no') ? 0 : undefined)
    }
  }
  if (properties.length !== rationales.length || properties.length !== verdicts.length) return []
  return properties.map((property, index) => ({
    ...(property.id === undefined ? {} : { id: property.id }),
    property: property.text,
    rationale: rationales[index] as string,
    score: verdicts[index],
  }))
}

/** Rubric text compared after NFKC, straight quotes, no markdown decoration, collapsed spaces, lower case. */
export function normalizeRubricText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** The rubric a verdict is about: by its id when the judge gave one, else by its property text. */
export function rubricOfVerdict(verdict: RubricVerdict, rubrics: readonly Rubric[]): Rubric | undefined {
  if (verdict.id !== undefined) {
    const byId = rubrics.find((rubric) => rubric.rubricId === verdict.id)
    if (byId) return byId
  }
  const text = normalizeRubricText(verdict.property)
  return rubrics.find((rubric) => normalizeRubricText(rubric.rubricContent.textProperty ?? '') === text)
}
