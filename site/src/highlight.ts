// Syntax colouring with TypeScript's own scanner (no highlighter dependency): keywords, strings, numbers, comments.
// `link` turns identifiers into links (the API reference links the names it documents).
import ts from 'typescript'

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

const scriptLanguages = new Set(['ts', 'typescript', 'tsx', 'js', 'javascript', 'mjs', 'cjs', 'jsonc', 'json'])

function classOf(kind: ts.SyntaxKind): string | undefined {
  if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) return 'c'
  if (
    kind === ts.SyntaxKind.StringLiteral ||
    kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
    kind === ts.SyntaxKind.TemplateHead ||
    kind === ts.SyntaxKind.TemplateMiddle ||
    kind === ts.SyntaxKind.TemplateTail ||
    kind === ts.SyntaxKind.RegularExpressionLiteral
  )
    return 's'
  if (kind === ts.SyntaxKind.NumericLiteral || kind === ts.SyntaxKind.BigIntLiteral) return 'n'
  if (kind >= ts.SyntaxKind.FirstKeyword && kind <= ts.SyntaxKind.LastKeyword) return 'k'
  return undefined
}

/** TypeScript or JavaScript as HTML with `<span class="k|s|n|c">`; identifiers through `link` when given. */
export function highlightScript(code: string, link?: (name: string) => string | undefined): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, code)
  const braces: boolean[] = [] // true: the `{` opened a template substitution
  let html = ''
  let previous = '' // the last character of the last token that is not whitespace or a comment
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken) braces.push(false)
    else if (kind === ts.SyntaxKind.TemplateHead) braces.push(true)
    else if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === true) {
      kind = scanner.reScanTemplateToken(false)
      if (kind === ts.SyntaxKind.TemplateMiddle) braces.push(true)
    } else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      if (previous === '' || '(,=:[!&|?{};'.includes(previous)) kind = scanner.reScanSlashToken()
    }
    const text = escapeHtml(scanner.getTokenText())
    const target = kind === ts.SyntaxKind.Identifier && link ? link(scanner.getTokenText()) : undefined
    const cls = classOf(kind)
    if (kind !== ts.SyntaxKind.WhitespaceTrivia && kind !== ts.SyntaxKind.NewLineTrivia && cls !== 'c')
      previous = scanner.getTokenText().at(-1) ?? previous
    if (target) html += `<a class="ref" href="${escapeHtml(target)}">${text}</a>`
    else html += cls ? `<span class="${cls}">${text}</span>` : text
  }
  return html
}

function highlightShell(code: string): string {
  return code
    .split('\n')
    .map((line) => {
      const hash = line.search(/(^|\s)#/)
      if (hash < 0) return escapeHtml(line)
      return `${escapeHtml(line.slice(0, hash))}<span class="c">${escapeHtml(line.slice(hash))}</span>`
    })
    .join('\n')
}

/** A fenced block's HTML body for its language (unknown languages are escaped text). */
export function highlight(code: string, language: string): string {
  if (scriptLanguages.has(language)) return highlightScript(code)
  if (language === 'bash' || language === 'sh' || language === 'shell') return highlightShell(code)
  return escapeHtml(code)
}
