// After `pnpm build`: the names the built .d.ts files export must be the names the reference documents (top-level and
// inside namespace exports), so the reference is the published surface, not only the source's.
import { existsSync } from 'node:fs'
import ts from 'typescript'
import type { ApiEntry, ApiItem } from './model.js'

function names(checker: ts.TypeChecker, module: ts.Symbol, prefix: string): string[] {
  return checker.getExportsOfModule(module).flatMap((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    const isNamespace =
      (target.flags & ts.SymbolFlags.ValueModule) !== 0 &&
      target.declarations?.some((declaration) => ts.isSourceFile(declaration) || ts.isModuleDeclaration(declaration))
    return [`${prefix}${symbol.name}`, ...(isNamespace ? names(checker, target, `${prefix}${symbol.name}.`) : [])]
  })
}

function documented(items: readonly ApiItem[]): string[] {
  return items.flatMap((item) => [item.anchor, ...documented(item.items)])
}

/** Differences between each entry's documented names and its built .d.ts's exports. */
export function publishedNameProblems(entries: readonly ApiEntry[]): string[] {
  const missing = entries.filter((entry) => !existsSync(entry.publishedTypes))
  if (missing.length > 0)
    return missing.map((entry) => `${entry.specifier}: no ${entry.publishedTypes} (run pnpm build first)`)
  const program = ts.createProgram(
    entries.map((entry) => entry.publishedTypes),
    {
      noEmit: true,
      skipLibCheck: true,
      types: [],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    },
  )
  const checker = program.getTypeChecker()
  const problems: string[] = []
  for (const entry of entries) {
    const file = program.getSourceFile(entry.publishedTypes)
    const module = file && checker.getSymbolAtLocation(file)
    if (!module) {
      problems.push(`${entry.specifier}: ${entry.publishedTypes} is not a module`)
      continue
    }
    const built = new Set(names(checker, module, ''))
    const shown = new Set(documented(entry.items))
    const notShown = [...built].filter((name) => !shown.has(name))
    const notBuilt = [...shown].filter((name) => !built.has(name))
    if (notShown.length > 0)
      problems.push(`${entry.specifier}: exported by the built .d.ts but not in the reference: ${notShown.join(', ')}`)
    if (notBuilt.length > 0)
      problems.push(
        `${entry.specifier}: in the reference but not exported by the built .d.ts (stale dist? run pnpm build): ${notBuilt.join(', ')}`,
      )
  }
  return problems
}
