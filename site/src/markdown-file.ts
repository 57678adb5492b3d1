// A Markdown file of the repository, lexed once: its headings with GitHub's ids, and its sections (a heading and
// what follows it up to the next heading of the same or a higher level), which pages include by id.
import { Lexer, type Token, type Tokens } from 'marked'
import { Slugger } from './slug.js'

export interface Heading {
  readonly depth: number
  readonly text: string
  readonly id: string
}

/** Markdown from one file: pages are made of these, and its links resolve against `source`. */
export interface Chunk {
  /** The file, relative to the repository's root (`README.md`, `docs/errors.md`, `site/pages/index.md`). */
  readonly source: string
  readonly markdown: string
  /** The 1-based line of the file where `markdown` starts. */
  readonly line: number
  /** The ids of the chunk's headings, in order, as the whole file gives them (GitHub's ids). */
  readonly headingIds: readonly string[]
}

export interface MarkdownFile {
  readonly source: string
  readonly text: string
  readonly headings: readonly Heading[]
  /** The first level-1 heading's text, if any. */
  readonly title: string | undefined
  /** The whole file as one chunk. */
  readonly chunk: Chunk
  /** The section headed by `id`, or `undefined` when the file has no such heading. */
  section(id: string): Chunk | undefined
}

/** Plain text of a heading token (code spans and emphasis kept as their text). */
export function headingText(token: Tokens.Heading): string {
  const plain = (tokens: readonly Token[]): string =>
    tokens
      .map((token) =>
        'tokens' in token && token.tokens ? plain(token.tokens) : 'text' in token ? String(token.text) : '',
      )
      .join('')
  return plain(token.tokens).trim()
}

export function lexMarkdown(source: string, text: string): MarkdownFile {
  const tokens = new Lexer({ gfm: true }).lex(text)
  const slugger = new Slugger()
  const headings: Heading[] = []
  const headingAt: (Heading | undefined)[] = []
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = { depth: token.depth, text: headingText(token as Tokens.Heading), id: '' }
      const full = { ...heading, id: slugger.slug(heading.text) }
      headings.push(full)
      headingAt.push(full)
    } else headingAt.push(undefined)
  }
  const offsets: number[] = []
  let offset = 0
  for (const token of tokens) {
    offsets.push(offset)
    offset += token.raw.length
  }
  const lineAt = (index: number) => text.slice(0, offsets[index] ?? text.length).split('\n').length
  const chunkOf = (from: number, to: number): Chunk => ({
    source,
    markdown: tokens
      .slice(from, to)
      .map((token) => token.raw)
      .join(''),
    line: lineAt(from),
    headingIds: headingAt
      .slice(from, to)
      .filter((heading) => heading !== undefined)
      .map((heading) => heading.id),
  })
  return {
    source,
    text,
    headings,
    title: headings.find((heading) => heading.depth === 1)?.text,
    chunk: chunkOf(0, tokens.length),
    section(id) {
      const start = headingAt.findIndex((heading) => heading?.id === id)
      if (start < 0) return undefined
      const depth = headingAt[start]!.depth
      let end = start + 1
      while (end < tokens.length && !((headingAt[end]?.depth ?? 7) <= depth)) end++
      return chunkOf(start, end)
    },
  }
}
