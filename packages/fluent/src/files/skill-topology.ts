import { ConfigError } from '@adk-fluent/core'

/** A parsed skill topology: agents composed with `>>` (pipeline), `|` (fan-out) and `* n` (loop). */
export type TopologyNode =
  | { readonly kind: 'agent'; readonly name: string; readonly column: number }
  | { readonly kind: 'sequence'; readonly steps: readonly TopologyNode[] }
  | { readonly kind: 'parallel'; readonly branches: readonly TopologyNode[] }
  | { readonly kind: 'loop'; readonly body: TopologyNode; readonly count: number }

/**
 * A topology that does not parse: what is wrong and the 1-based column in the expression. A `ConfigError` with one
 * issue (code `agent_file_invalid`); the skill file reader words it with the file and line.
 */
export class TopologySyntaxError extends ConfigError {
  readonly column: number
  constructor(message: string, column: number) {
    // No path: the reader places it (`topology` of the skill file) and quotes this message.
    super([{ code: 'agent_file_invalid', path: [], message }])
    this.column = column
  }
}

type Token =
  | { readonly kind: 'name'; readonly text: string; readonly column: number }
  | { readonly kind: 'number'; readonly value: number; readonly column: number }
  | { readonly kind: '>>' | '|' | '*' | '(' | ')' | 'end'; readonly column: number }

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  const pattern = /\s*(?:([A-Za-z_][A-Za-z0-9_]*)|(\d+)|(>>|\||\*|\(|\))|(\S))/y
  let match: RegExpExecArray | null
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    const column = match.index + match[0].length - (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').length + 1
    if (match[1] !== undefined) tokens.push({ kind: 'name', text: match[1], column })
    else if (match[2] !== undefined) tokens.push({ kind: 'number', value: Number(match[2]), column })
    else if (match[3] !== undefined) tokens.push({ kind: match[3] as '>>' | '|' | '*' | '(' | ')', column })
    else if (match[4] !== undefined)
      throw new TopologySyntaxError(`unexpected character ${JSON.stringify(match[4])}`, column)
  }
  tokens.push({ kind: 'end', column: text.length + 1 })
  return tokens
}

function describe(token: Token): string {
  if (token.kind === 'name') return `"${token.text}"`
  if (token.kind === 'number') return `${token.value}`
  return token.kind === 'end' ? 'the end' : `"${token.kind}"`
}

/**
 * Parses a topology such as `a >> (b | c) >> d` or `(writer >> critic) * 3`. Precedence follows the Python
 * operators the notation comes from: `*` binds tightest, then `>>`, then `|` (so `a >> b | c` is `(a >> b) | c`);
 * parentheses group. Nested pipelines and fan-outs flatten (`a >> (b >> c)` is one pipeline of three); a loop count
 * is a whole number >= 1, written `x * 3` or `3 * x`. Throws a {@link TopologySyntaxError} with the column.
 */
export function parseTopology(text: string): TopologyNode {
  const tokens = tokenize(text)
  let position = 0
  const peek = () => tokens[position] as Token
  const next = () => tokens[position++] as Token
  const expect = (kind: Token['kind'], what: string) => {
    const token = next()
    if (token.kind !== kind) throw new TopologySyntaxError(`expected ${what}, found ${describe(token)}`, token.column)
  }
  const count = (token: Token): number => {
    if (token.kind !== 'number' || token.value < 1)
      throw new TopologySyntaxError(
        `expected a loop count (a whole number >= 1), found ${describe(token)}`,
        token.column,
      )
    return token.value
  }

  /** Operands joined by `operator`; nested groups of the same kind flatten into one. */
  function joined(operator: '|' | '>>', operand: () => TopologyNode): TopologyNode {
    const parts = [operand()]
    while (peek().kind === operator) {
      next()
      parts.push(operand())
    }
    if (parts.length === 1) return parts[0] as TopologyNode
    if (operator === '|')
      return { kind: 'parallel', branches: parts.flatMap((p) => (p.kind === 'parallel' ? p.branches : [p])) }
    return { kind: 'sequence', steps: parts.flatMap((p) => (p.kind === 'sequence' ? p.steps : [p])) }
  }
  const fanOut = (): TopologyNode => joined('|', pipeline)
  const pipeline = (): TopologyNode => joined('>>', loop)

  function loop(): TopologyNode {
    let node: TopologyNode
    if (peek().kind === 'number') {
      const times = count(next())
      expect('*', '"*" after a loop count')
      node = { kind: 'loop', body: atom(), count: times }
    } else node = atom()
    while (peek().kind === '*') {
      next()
      node = { kind: 'loop', body: node, count: count(next()) }
    }
    return node
  }

  function atom(): TopologyNode {
    const token = next()
    if (token.kind === 'name') return { kind: 'agent', name: token.text, column: token.column }
    if (token.kind === '(') {
      const inner = fanOut()
      expect(')', '")"')
      return inner
    }
    throw new TopologySyntaxError(`expected an agent name or "(", found ${describe(token)}`, token.column)
  }

  const tree = fanOut()
  const rest = peek()
  if (rest.kind !== 'end')
    throw new TopologySyntaxError(`expected ">>", "|" or "*", found ${describe(rest)}`, rest.column)
  return tree
}

/** Every agent the topology names, in order of appearance (with repeats). */
export function topologyAgents(node: TopologyNode): { readonly name: string; readonly column: number }[] {
  switch (node.kind) {
    case 'agent':
      return [{ name: node.name, column: node.column }]
    case 'sequence':
      return node.steps.flatMap(topologyAgents)
    case 'parallel':
      return node.branches.flatMap(topologyAgents)
    case 'loop':
      return topologyAgents(node.body)
  }
}
