// The API reference's model: every exported name of every entry point of every published package, with its
// declaration as the published .d.ts shows it and its documentation comment. A namespace
// export (`export * as P`) lists its own exports; classes and interfaces list their public members.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import {
  DeclarationPrinter,
  docOf,
  isHiddenMember,
  isInternal,
  memberName,
  printDeclaration,
  type Doc,
} from './declarations.js'

export type ApiKind = 'class' | 'interface' | 'enum' | 'function' | 'variable' | 'type' | 'namespace'

export interface ApiMember {
  readonly name: string
  /** The element id: `Owner.name`. */
  readonly anchor: string
  readonly signatures: readonly string[]
  readonly doc: Doc
}

export interface ApiItem {
  readonly name: string
  /** The element id: `Name`, or `P.role` inside the namespace `P`. */
  readonly anchor: string
  readonly kind: ApiKind
  /** Declarations as the .d.ts prints them (a class or interface without its members). */
  readonly signatures: readonly string[]
  readonly doc: Doc
  readonly members: readonly ApiMember[]
  /** The items of a namespace export. */
  readonly items: readonly ApiItem[]
  /** `path:line` of the declaration in the repository. */
  readonly source: string | undefined
}

export interface ApiEntry {
  /** The page id's last part: `core`, `core-testing`. */
  readonly id: string
  readonly packageName: string
  /** `@adk-fluent/core/testing` */
  readonly specifier: string
  readonly subpath: string
  readonly description: string
  /** The entry file's leading comment. */
  readonly intro: string
  readonly sourceFile: string
  /** The published types of the entry (`exports[subpath].import.types`). */
  readonly publishedTypes: string
  readonly items: readonly ApiItem[]
}

interface ExportTarget {
  readonly '@adk-fluent/source'?: string
  readonly import?: { readonly types?: string }
}

/** The entry points of the published packages, from their manifests' `exports`. */
export function entryPoints(root: string, packages: readonly string[]): Omit<ApiEntry, 'items' | 'intro'>[] {
  return packages.flatMap((name) => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
      description?: string
      exports?: Record<string, ExportTarget | string>
    }
    return Object.entries(manifest.exports ?? {})
      .filter((entry): entry is [string, ExportTarget] => typeof entry[1] === 'object')
      .filter(([, target]) => target['@adk-fluent/source'] !== undefined)
      .map(([subpath, target]) => ({
        id: subpath === '.' ? name : `${name}-${subpath.slice(2).replace(/\//g, '-')}`,
        packageName: `@adk-fluent/${name}`,
        specifier: `@adk-fluent/${name}${subpath === '.' ? '' : subpath.slice(1)}`,
        subpath,
        description: manifest.description ?? '',
        sourceFile: join(root, 'packages', name, target['@adk-fluent/source']!),
        publishedTypes: join(root, 'packages', name, target.import?.types ?? 'dist/index.d.ts'),
      }))
  })
}

function kindOf(declarations: readonly ts.Declaration[]): ApiKind {
  const has = (test: (declaration: ts.Node) => boolean) => declarations.some(test)
  if (has(ts.isClassDeclaration)) return 'class'
  if (has(ts.isInterfaceDeclaration)) return 'interface'
  if (has(ts.isEnumDeclaration)) return 'enum'
  if (has(ts.isFunctionDeclaration)) return 'function'
  if (has(ts.isVariableDeclaration)) return 'variable'
  if (has(ts.isModuleDeclaration)) return 'namespace'
  return 'type'
}

export class ApiReader {
  readonly #checker: ts.TypeChecker
  readonly #printer: DeclarationPrinter
  /** Names whose declaration TypeScript strips from the .d.ts (`@internal`): not published. */
  readonly stripped: string[] = []

  constructor(
    readonly program: ts.Program,
    readonly root: string,
  ) {
    this.#checker = program.getTypeChecker()
    this.#printer = new DeclarationPrinter(this.#checker)
  }

  read(entry: Omit<ApiEntry, 'items' | 'intro'>): ApiEntry {
    const file = this.program.getSourceFile(entry.sourceFile)
    if (!file) throw new Error(`${entry.specifier}: ${entry.sourceFile} is not in the program`)
    const intro =
      /^\s*\/\*\*([\s\S]*?)\*\//
        .exec(file.text)?.[1]
        ?.replace(/^\s*\* ?/gm, '')
        .trim() ?? ''
    return { ...entry, intro, items: this.#itemsOf(file, '') }
  }

  #itemsOf(file: ts.SourceFile, prefix: string): ApiItem[] {
    const module = this.#checker.getSymbolAtLocation(file)
    if (!module) return []
    return this.#checker
      .getExportsOfModule(module)
      .map((symbol) => this.#item(symbol, prefix))
      .filter((item) => item !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name))
  }

  #item(exported: ts.Symbol, prefix: string): ApiItem | undefined {
    const anchor = `${prefix}${exported.name}`
    const target = exported.flags & ts.SymbolFlags.Alias ? this.#checker.getAliasedSymbol(exported) : exported
    const moduleFile = target.declarations?.find(ts.isSourceFile)
    if (moduleFile) {
      const doc = this.#namespaceDoc(exported)
      const items = this.#itemsOf(moduleFile, `${anchor}.`)
      return {
        name: exported.name,
        anchor,
        kind: 'namespace',
        signatures: [],
        doc,
        members: [],
        items,
        source: this.#where(moduleFile, 0),
      }
    }
    const declarations = (target.declarations ?? []).filter((declaration) => !isInternal(declaration))
    const shown = declarations
      .map((declaration) => ({ declaration, statement: this.#printer.statement(declaration) }))
      .filter((entry): entry is { declaration: ts.Declaration; statement: ts.Node } => entry.statement !== undefined)
    if (shown.length === 0) {
      this.stripped.push(anchor)
      return undefined
    }
    const members: ApiMember[] = []
    for (const { declaration } of shown) {
      if (!ts.isClassDeclaration(declaration) && !ts.isInterfaceDeclaration(declaration)) continue
      const file = declaration.getSourceFile()
      const own: [ts.Node, ts.Node, string | undefined][] = []
      if (ts.isClassDeclaration(declaration) && !file.isDeclarationFile)
        for (const [parameter, property] of this.#printer.parameterProperties(declaration))
          own.push([parameter, property, (parameter.name as ts.Identifier).text])
      for (const member of declaration.members as readonly (ts.ClassElement | ts.TypeElement)[]) {
        if (isHiddenMember(member)) continue
        own.push([member, this.#printer.member(member), memberName(member)])
      }
      for (const [original, printed, name] of own) {
        if (name === undefined) continue
        const signature = printDeclaration(printed, file)
        const existing = members.find((candidate) => candidate.name === name)
        if (existing) (existing.signatures as string[]).push(signature)
        else members.push({ name, anchor: `${anchor}.${name}`, signatures: [signature], doc: docOf(original) })
      }
    }
    const doc = shown
      .map(({ declaration }) => docOf(declaration))
      .find((candidate) => candidate.text !== '' || candidate.tags.length > 0)
    const first = shown[0]!.declaration
    return {
      name: exported.name,
      anchor,
      kind: kindOf(shown.map(({ declaration }) => declaration)),
      signatures: shown.map(({ declaration, statement }) => printDeclaration(statement, declaration.getSourceFile())),
      doc: doc ?? { text: '', tags: [] },
      members,
      items: [],
      source: this.#where(first.getSourceFile(), first.getStart()),
    }
  }

  /** The comment on `export * as Name from …`, found by following re-exports back to it. */
  #namespaceDoc(exported: ts.Symbol): Doc {
    for (let symbol: ts.Symbol | undefined = exported; symbol && symbol.flags & ts.SymbolFlags.Alias; ) {
      const declaration = symbol.declarations?.[0]
      if (declaration && ts.isNamespaceExport(declaration)) return docOf(declaration.parent)
      symbol = this.#checker.getImmediateAliasedSymbol(symbol)
    }
    return { text: '', tags: [] }
  }

  #where(file: ts.SourceFile, position: number): string | undefined {
    const path = file.fileName.slice(this.root.length)
    if (path.includes('node_modules') || !existsSync(file.fileName)) return undefined
    return `${path}:${file.getLineAndCharacterOfPosition(position).line + 1}`
  }
}
