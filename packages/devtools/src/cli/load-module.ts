import { existsSync, statSync } from 'node:fs'
import { extname, relative, resolve } from 'node:path'
import { CliUsageError } from './cli-usage-error.js'
import { importUserModule } from './import-user-module.js'

/** The only files the CLI loads: TypeScript and JavaScript modules. */
export const loadableExtensions: readonly string[] = Object.freeze(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'])

/** Errors the JavaScript engine raises; their messages quote the source (`hunter2 is not defined`). */
const engineErrors = new Set(['ReferenceError', 'SyntaxError', 'TypeError', 'RangeError', 'EvalError', 'URIError'])

/**
 * Imports a module given on the command line (TypeScript through tsx, the CLI's optional peer dependency, with no build
 * step; or JavaScript).
 * Only `.ts/.mts/.cts/.js/.mjs/.cjs` files are loaded (a `Makefile` is never executed). A missing file or a module that
 * fails to load is a {@link CliUsageError} saying why, without echoing the file's content:
 * - a compile error shows the compiler's diagnostics, each as `file:line:column: ERROR: message`;
 * - an engine error thrown while the module runs (`ReferenceError`, `TypeError`, …) shows only its class, since its
 *   message may quote the file (`hunter2_db_password is not defined`); an error the module throws itself shows its
 *   message.
 */
export async function loadModule(file: string, cwd: string): Promise<Readonly<Record<string, unknown>>> {
  const path = resolve(cwd, file)
  if (!existsSync(path) || !statSync(path).isFile()) throw new CliUsageError(`file not found: ${file}`)
  if (!loadableExtensions.includes(extname(path).toLowerCase())) {
    throw new CliUsageError(
      `cannot load ${file}: only TypeScript or JavaScript modules (${loadableExtensions.join(', ')}) are loaded. Pass the module that exports your agents.`,
    )
  }
  try {
    return await importUserModule(path)
  } catch (error) {
    throw new CliUsageError(`cannot load ${file}: ${loadFailure(error, cwd)}`)
  }
}

function loadFailure(error: unknown, cwd: string): string {
  if (!(error instanceof Error)) return 'it threw a non-error value while loading.'
  const diagnostics = compileDiagnostics(error, cwd)
  if (diagnostics) return diagnostics
  if (engineErrors.has(error.name)) {
    return `it threw a ${error.name} while loading (the message is not shown: it may quote the file's content). Run it directly (npx tsx <file>) to see the full error.`
  }
  return error.message.split('\n')[0] ?? error.name
}

/** The compiler's diagnostics (`file:line:column: ERROR: message`), paths relative to `cwd`; none for other errors. */
function compileDiagnostics(error: Error, cwd: string): string | undefined {
  if (error.name !== 'TransformError' && !error.message.startsWith('Transform failed')) return undefined
  const lines = error.message
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => /:\d+:\d+: (ERROR|WARNING)/.test(line))
    .map((line) => {
      const match = /^(.*?):(\d+:\d+: .*)$/.exec(line)
      return match ? `${relative(cwd, match[1] ?? '') || match[1]}:${match[2]}` : line
    })
  return lines.length > 0 ? lines.join('\n') : error.message
}
