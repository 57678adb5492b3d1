// One TypeScript program for the whole site: the packages' entry points (through the workspace's source condition)
// and the sample modules. The API reference reads the exports and the declarations TypeScript emits for them; the
// sample check asks for the samples' diagnostics only, so the packages are not type-checked again here.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import type { Sample } from './samples.js'

/** Parsed files by name, kept while unchanged on disk, so a rebuild (`pnpm docs:dev`) parses only what changed. */
const parsed = new Map<string, { readonly modified: number; readonly file: ts.SourceFile }>()

export function compilerOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )
  return {
    ...parsed?.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    outDir: join(root, 'site', '.declarations'),
    // Samples are excerpts a reader copies: unused names and `process.env.KEY` are fine there.
    noUnusedLocals: false,
    noUnusedParameters: false,
    noPropertyAccessFromIndexSignature: false,
    allowJs: true,
    checkJs: true,
  }
}

/** The program over `entryFiles` and `samples` (kept in memory); `old` makes a rebuild reuse unchanged files. */
export function createSiteProgram(
  root: string,
  entryFiles: readonly string[],
  samples: readonly Sample[],
  old?: ts.Program,
): ts.Program {
  const options = compilerOptions(root)
  const host = ts.createCompilerHost(options, true)
  const virtual = new Map(samples.map((sample) => [sample.fileName, sample.code]))
  const { getSourceFile, fileExists, readFile } = host
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const code = virtual.get(fileName)
    if (code !== undefined) return ts.createSourceFile(fileName, code, language, true)
    const modified = statSync(fileName, { throwIfNoEntry: false })?.mtimeMs ?? -1
    const cached = parsed.get(fileName)
    if (cached && cached.modified === modified) return cached.file
    const file = getSourceFile.call(host, fileName, language, onError, shouldCreate)
    if (file) parsed.set(fileName, { modified, file })
    return file
  }
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName)
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile.call(host, fileName)
  return ts.createProgram({
    rootNames: [...entryFiles, ...virtual.keys()],
    options,
    host,
    ...(old ? { oldProgram: old } : {}),
  })
}
