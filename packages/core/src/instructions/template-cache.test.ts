import { describe, expect, it } from 'vitest'
import { parseTemplate, templateVariables } from './template.js'

describe('template caches', () => {
  it('keep the templates of a 3,000-agent tree (bounded by characters, not by count): none is parsed twice', () => {
    const templates = Array.from(
      { length: 3000 },
      (_, index) => `Improve {cache_probe_${index}} and {extra_${index}?}.`,
    )
    const tokens = templates.map((template) => parseTemplate(template))
    const variables = templates.map((template) => templateVariables(template))
    // Fresh strings with the same text find the same cached results.
    expect(templates.every((template, index) => parseTemplate(`${template}`) === tokens[index])).toBe(true)
    expect(templates.every((template, index) => templateVariables(`${template}`) === variables[index])).toBe(true)
    expect(variables[2999]).toEqual({ required: ['cache_probe_2999'], optional: ['extra_2999'] })
  })

  it('stay bounded: a template longer than the bound is parsed right and not kept', () => {
    const huge = `{big} ${'x'.repeat(1_100_000)}`
    const first = parseTemplate(huge)
    expect(first[0]).toEqual({ kind: 'variable', key: 'big', optional: false, raw: '{big}' })
    const second = parseTemplate(huge)
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
  })
})
