import { describe, expect, it } from 'vitest'
import { checkLinks } from './check-links.js'

describe('the internal link check', () => {
  it('finds a missing page, a missing fragment and a link out of the site; accepts the rest', () => {
    const pages = new Map([
      [
        'index.html',
        '<a href="guides/a.html#usage">ok</a> <a href="guides/b.html">missing</a> <a href="#top">ok</a> <h1 id="top"></h1>' +
          '<a href="https://example.com/x">external</a> <img src="assets/x.png"> <a href="../up.html">out</a>',
      ],
      [
        'guides/a.html',
        '<h2 id="usage">Usage</h2><a href="../index.html#nowhere">bad fragment</a><a href="a.html#usage">ok</a>',
      ],
    ])
    expect(checkLinks({ pages, assets: new Set(['assets/x.png']) })).toEqual([
      'index.html: guides/b.html (no file guides/b.html)',
      'index.html: ../up.html (outside the site)',
      'guides/a.html: ../index.html#nowhere (index.html has no element with id "nowhere")',
    ])
  })

  it('reads encoded fragments and ids (API anchors such as AgentBuilder.instruct)', () => {
    const pages = new Map([
      ['api/x.html', '<h4 id="A.[Symbol.asyncIterator]"></h4><a href="#A.%5BSymbol.asyncIterator%5D">m</a>'],
    ])
    expect(checkLinks({ pages, assets: new Set() })).toEqual([])
  })
})
