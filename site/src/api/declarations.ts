// Declarations as a .d.ts shows them, printed from the source (bodies and initializers dropped, missing types written
// out from what the checker infers), and their documentation comments.
import ts from 'typescript'

export interface Doc {
  /** The comment's text (Markdown, as written). */
  readonly text: string
  readonly tags: readonly { readonly name: string; readonly text: string }[]
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })
const f = ts.factory
const flags =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.UseAliasDefinedOutsideCurrentScope |
  ts.NodeBuilderFlags.IgnoreErrors |
  ts.NodeBuilderFlags.AllowUniqueESSymbolType

/** True for `@internal` declarations, which `stripInternal` leaves out of the published .d.ts. */
export function isInternal(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal')
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind)

/** True for a member the .d.ts does not show: private, `#private`, a static block, or `@internal`. */
export function isHiddenMember(member: ts.ClassElement | ts.TypeElement): boolean {
  if (hasModifier(member, ts.SyntaxKind.PrivateKeyword)) return true
  if (member.name && ts.isPrivateIdentifier(member.name)) return true
  if (ts.isClassStaticBlockDeclaration(member) || ts.isSemicolonClassElement(member)) return true
  return isInternal(member)
}

const keptModifiers = new Set([
  ts.SyntaxKind.StaticKeyword,
  ts.SyntaxKind.ReadonlyKeyword,
  ts.SyntaxKind.ProtectedKeyword,
  ts.SyntaxKind.AbstractKeyword,
  ts.SyntaxKind.PublicKeyword,
])

function modifiersOf(node: ts.Node): ts.Modifier[] | undefined {
  if (!ts.canHaveModifiers(node)) return undefined
  const kept = (ts.getModifiers(node) ?? []).filter((modifier) => keptModifiers.has(modifier.kind))
  return kept.length > 0 ? kept : undefined
}

export class DeclarationPrinter {
  constructor(readonly checker: ts.TypeChecker) {}

  #returnType(node: ts.SignatureDeclaration): ts.TypeNode | undefined {
    if (node.type) return node.type
    const signature = this.checker.getSignatureFromDeclaration(node)
    if (!signature) return undefined
    return this.checker.typeToTypeNode(this.checker.getReturnTypeOfSignature(signature), node, flags)
  }

  #valueType(node: ts.VariableDeclaration | ts.PropertyDeclaration | ts.ParameterDeclaration): ts.TypeNode | undefined {
    return node.type ?? this.checker.typeToTypeNode(this.checker.getTypeAtLocation(node.name), node, flags)
  }

  #parameters(node: ts.SignatureDeclaration): ts.ParameterDeclaration[] {
    return node.parameters.map((parameter) =>
      f.createParameterDeclaration(
        undefined,
        parameter.dotDotDotToken,
        parameter.name,
        parameter.questionToken ?? (parameter.initializer ? f.createToken(ts.SyntaxKind.QuestionToken) : undefined),
        this.#valueType(parameter),
        undefined,
      ),
    )
  }

  /** A member of a class or interface without its body. */
  member(member: ts.ClassElement | ts.TypeElement): ts.Node {
    if (member.getSourceFile().isDeclarationFile || !ts.isClassElement(member)) return member
    const modifiers = modifiersOf(member)
    if (ts.isMethodDeclaration(member))
      return f.createMethodDeclaration(
        modifiers,
        member.asteriskToken,
        member.name,
        member.questionToken,
        member.typeParameters,
        this.#parameters(member),
        this.#returnType(member),
        undefined,
      )
    if (ts.isConstructorDeclaration(member))
      return f.createConstructorDeclaration(modifiers, this.#parameters(member), undefined)
    if (ts.isGetAccessorDeclaration(member))
      return f.createGetAccessorDeclaration(modifiers, member.name, [], this.#returnType(member), undefined)
    if (ts.isSetAccessorDeclaration(member))
      return f.createSetAccessorDeclaration(modifiers, member.name, this.#parameters(member), undefined)
    if (ts.isPropertyDeclaration(member))
      return f.createPropertyDeclaration(
        modifiers,
        member.name,
        member.questionToken,
        this.#valueType(member),
        undefined,
      )
    return member
  }

  /** A class's parameter properties (`constructor(readonly x: T)`), which are members too, with their parameter. */
  parameterProperties(node: ts.ClassDeclaration): [ts.ParameterDeclaration, ts.PropertyDeclaration][] {
    const constructor = node.members.find(ts.isConstructorDeclaration)
    return (constructor?.parameters ?? [])
      .filter((parameter) => ts.isParameterPropertyDeclaration(parameter, constructor!))
      .filter((parameter) => !hasModifier(parameter, ts.SyntaxKind.PrivateKeyword) && ts.isIdentifier(parameter.name))
      .map((parameter) => [
        parameter,
        f.createPropertyDeclaration(
          modifiersOf(parameter),
          parameter.name as ts.Identifier,
          parameter.questionToken,
          this.#valueType(parameter),
          undefined,
        ),
      ])
  }

  /** The statement of `declaration` as the .d.ts shows it (a class or interface without its members). */
  statement(declaration: ts.Declaration): ts.Node | undefined {
    const inDts = declaration.getSourceFile().isDeclarationFile
    if (ts.isFunctionDeclaration(declaration)) {
      if (inDts) return declaration
      const symbol = declaration.name ? this.checker.getSymbolAtLocation(declaration.name) : undefined
      const overloads = symbol?.declarations?.filter(ts.isFunctionDeclaration) ?? []
      if (declaration.body && overloads.some((overload) => !overload.body)) return undefined
      return f.createFunctionDeclaration(
        undefined,
        declaration.asteriskToken,
        declaration.name,
        declaration.typeParameters,
        this.#parameters(declaration),
        this.#returnType(declaration),
        undefined,
      )
    }
    if (ts.isClassDeclaration(declaration)) {
      const modifiers = declaration.modifiers?.filter((modifier) => modifier.kind === ts.SyntaxKind.AbstractKeyword)
      const heritage = declaration.heritageClauses
      return f.createClassDeclaration(modifiers, declaration.name, declaration.typeParameters, heritage, [])
    }
    if (ts.isInterfaceDeclaration(declaration))
      return f.createInterfaceDeclaration(
        undefined,
        declaration.name,
        declaration.typeParameters,
        declaration.heritageClauses,
        [],
      )
    if (ts.isVariableDeclaration(declaration)) {
      const constant = (declaration.parent.flags & ts.NodeFlags.Const) !== 0
      const variable = f.createVariableDeclaration(declaration.name, undefined, this.#valueType(declaration))
      const list = f.createVariableDeclarationList([variable], constant ? ts.NodeFlags.Const : ts.NodeFlags.Let)
      return f.createVariableStatement(undefined, list)
    }
    if (ts.isTypeAliasDeclaration(declaration) || ts.isEnumDeclaration(declaration)) return declaration
    if (ts.isModuleDeclaration(declaration)) return declaration
    return undefined
  }
}

/** A declaration's text without comments, as a .d.ts reads (no `export`/`declare`, no final `;`). */
export function printDeclaration(node: ts.Node, file: ts.SourceFile): string {
  return printer
    .printNode(ts.EmitHint.Unspecified, node, file)
    .replace(/\s*\{\s*\}\s*$/, '')
    .replace(/^export (default )?/, '')
    .replace(/^declare /, '')
    .replace(/;\s*$/, '')
}

/** A member's name as written (`constructor`, `[Symbol.asyncIterator]`); `(call)` and `[index]` for signatures. */
export function memberName(member: ts.ClassElement | ts.TypeElement): string | undefined {
  if (ts.isConstructorDeclaration(member) || ts.isConstructSignatureDeclaration(member)) return 'constructor'
  if (ts.isCallSignatureDeclaration(member)) return '(call)'
  if (ts.isIndexSignatureDeclaration(member)) return '[index]'
  const name = member.name
  if (!name) return undefined
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text
  return name.getText()
}

function commentText(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  return (ts.getTextOfJSDocComment(comment) ?? '').trim()
}

/** The last documentation comment of a declaration (`{@link X}` kept as written). */
export function docOf(node: ts.Node): Doc {
  const doc = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1)
  if (!doc) {
    const text = node.getSourceFile().text
    const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []
    const last = ranges.filter((range) => text.startsWith('/**', range.pos)).at(-1)
    if (!last) return { text: '', tags: [] }
    return {
      text: text
        .slice(last.pos + 3, last.end - 2)
        .replace(/^\s*\* ?/gm, '')
        .trim(),
      tags: [],
    }
  }
  return {
    text: commentText(doc.comment),
    tags: (doc.tags ?? []).map((tag) => {
      const parameter = ts.isJSDocParameterTag(tag) ? `${tag.name.getText()} ` : ''
      return { name: tag.tagName.text, text: `${parameter}${commentText(tag.comment)}`.trim() }
    }),
  }
}
