import { describe, expect, it } from 'vitest'
import { projectUrls, repoRoot } from './config.js'
import { resolveLink, type LinkTargets } from './resolve-link.js'

const urls = projectUrls()
const targets: LinkTargets = {
  root: repoRoot,
  urls,
  pageOfFile: new Map([
    ['README.md', 'index'],
    ['docs/errors.md', 'docs/errors'],
  ]),
  pageOfAnchor: new Map([['README.md#keep-conversations', 'guides/sessions']]),
}
const resolve = (href: string, source = 'docs/errors.md', page = 'docs/errors') =>
  resolveLink(targets, href, source, page)

describe('links of the Markdown sources on the site', () => {
  it('go from file to page, and an anchor to the page that shows that heading', () => {
    expect(resolve('../README.md#keep-conversations')).toEqual({ href: '../guides/sessions.html#keep-conversations' })
    expect(resolve('../README.md#a-tour')).toEqual({ href: '../index.html#a-tour' })
    expect(resolve('errors.md#codes')).toEqual({ href: '#codes' })
    expect(resolve('#keep-conversations', 'README.md', 'tour')).toEqual({
      href: 'guides/sessions.html#keep-conversations',
    })
  })

  it("turn other repository files into the repository's web view, and images into copied assets", () => {
    expect(resolve('../packages/core/src/index.ts')).toEqual({
      href: `${urls.repository}/blob/main/packages/core/src/index.ts`,
    })
    expect(resolve('../examples/')).toEqual({ href: `${urls.repository}/tree/main/examples` })
    expect(resolve('images/web-graph.png', 'docs/errors.md', 'guides/dev-ui')).toEqual({
      href: '../assets/files/docs/images/web-graph.png',
      asset: 'docs/images/web-graph.png',
    })
  })

  it("make the site's own address relative, and report what does not exist", () => {
    expect(resolve(`${urls.site}api/fluent.html#P.role`, 'packages/fluent/README.md', 'packages/fluent')).toEqual({
      href: '../api/fluent.html#P.role',
    })
    expect(resolve('missing.md')).toEqual({ problem: 'missing.md: docs/missing.md does not exist' })
    expect(resolve(`${urls.repository}/blob/main/nope.ts`)).toEqual({
      problem: `${urls.repository}/blob/main/nope.ts: nope.ts does not exist in the repository`,
    })
    expect(resolve('../../outside.md')).toEqual({ problem: '../../outside.md: outside the repository' })
    expect(resolve('https://example.com/')).toEqual({ href: 'https://example.com/' })
  })
})
