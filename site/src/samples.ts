// The code samples of the site. A `<!-- snippet: file#region -->` block shows a region of a file that `pnpm typecheck`
// compiles (the file must be one of the root tsconfig's files); any other TypeScript/JavaScript block becomes a
// module of its own, compiled against the workspace's packages with the repository's strict options.
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'

export interface Sample {
  /** Where the block is: `file:line`. */
  readonly where: string
  readonly code: string
  /** The module's file name in the check's program (never written to disk). */
  readonly fileName: string
}

const extensions: Readonly<Record<string, string>> = {
  ts: 'ts',
  typescript: 'ts',
  mts: 'mts',
  cts: 'cts',
  tsx: 'tsx',
  js: 'mjs',
  javascript: 'mjs',
  mjs: 'mjs',
  cjs: 'cjs',
  jsx: 'jsx',
}

/** The region `name` of a file (`// #region name` … `// #endregion name`), without its common indentation. */
export function regionOf(source: string, name: string): string | undefined {
  const start = source.indexOf(`// #region ${name}\n`)
  const end = source.indexOf(`// #endregion ${name}`)
  if (start < 0 || end < start) return undefined
  const lines = source
    .slice(start + `// #region ${name}\n`.length, end)
    .trimEnd()
    .split('\n')
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)![0].length))
  return lines.map((line) => line.slice(indent)).join('\n')
}

export class Samples {
  readonly compiled: Sample[] = []
  readonly problems: string[] = []
  snippets = 0
  readonly #checkedFiles: ReadonlySet<string>

  /** `checkedFiles`: the repository-relative files `pnpm typecheck` compiles. */
  constructor(
    readonly root: string,
    checkedFiles: ReadonlySet<string>,
  ) {
    this.#checkedFiles = checkedFiles
  }

  /** The code of `file#region`, `file` relative to examples/readme (as `pnpm readme` reads it). */
  region(name: string, where: string): string | undefined {
    const [file = '', region = ''] = name.split('#')
    const path = posix.normalize(posix.join('examples/readme', file))
    const absolute = join(this.root, path)
    if (!existsSync(absolute)) return void this.problems.push(`${where}: snippet ${name}: ${path} does not exist`)
    if (!this.#checkedFiles.has(path))
      return void this.problems.push(`${where}: snippet ${name}: ${path} is not compiled by pnpm typecheck`)
    const code = regionOf(readFileSync(absolute, 'utf8'), region)
    if (code === undefined)
      return void this.problems.push(`${where}: snippet ${name}: no region "${region}" in ${path}`)
    this.snippets++
    return code
  }

  /** Registers a block to compile; returns how it is checked. */
  add(code: string, language: string, where: string): 'compiled' {
    const module = /^\s*(import|export)\b/m.test(code) ? code : `${code}\nexport {}\n`
    const fileName = join(
      this.root,
      'site',
      '.samples',
      `sample-${this.compiled.length}.${extensions[language] ?? 'ts'}`,
    )
    this.compiled.push({ where, code: module, fileName })
    return 'compiled'
  }

  /** Compiles every registered block in `program` (made with `files()` as roots); each error names its block. */
  check(program: ts.Program): void {
    for (const sample of this.compiled) {
      const file = program.getSourceFile(sample.fileName)
      if (!file) {
        this.problems.push(`${sample.where}: the sample was not compiled`)
        continue
      }
      const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
      for (const diagnostic of diagnostics) {
        const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
        const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')
        this.problems.push(`${sample.where} (line ${line + 1} of the block): TS${diagnostic.code} ${message}`)
      }
    }
  }
}

/** The repository-relative files the root tsconfig.json compiles (what `pnpm typecheck` checks). */
export function typecheckedFiles(root: string): Set<string> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  return new Set((parsed?.fileNames ?? []).map((file) => posix.relative(root.split('\\').join('/'), file)))
}
