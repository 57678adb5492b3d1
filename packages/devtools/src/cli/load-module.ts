import { existsSync, statSync } from 'node:fs'
import { dirname, extname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliUsageError } from './cli-usage-error.js'
import { importUserModule } from './import-user-module.js'

/** The only files the CLI loads: TypeScript and JavaScript modules. */
export const loadableExtensions: readonly string[] = Object.freeze(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'])

/**
 * The one loader of every command (`web` included): imports a module given on the command line (TypeScript through
 * tsx with no build step, or JavaScript). Only `.ts/.mts/.cts/.js/.mjs/.cjs` files are loaded: any other file (a
 * `Makefile`, `.env`, `.json`, `.txt`) is refused before anything reads or runs it, and its content is never echoed. A
 * missing file, a directory, or a module that fails to load is a {@link CliUsageError} saying why:
 * - a compile error shows the compiler's diagnostics, each as `file:line:column: ERROR: message`;
 * - any other error shows its class and message (first line) and where it happened, `file:line:column` (a misspelled
 *   import says which name or package it could not find, and in which file). The source line itself is not shown.
 */
export async function loadModule(file: string, cwd: string): Promise<Readonly<Record<string, unknown>>> {
  const path = resolve(cwd, file)
  if (!existsSync(path)) throw new CliUsageError(`file not found: ${file}`)
  if (statSync(path).isDirectory())
    throw new CliUsageError(`${file} is a directory: pass the module file in it that exports your agents.`)
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

/** A path as the user would write it: relative to `cwd`, without tsx's `?namespace=…` query or a `file://` scheme. */
function shown(path: string, cwd: string): string {
  const plain = path.replace(/\?namespace=[\w-]+/, '')
  const local = plain.startsWith('file://') ? fileURLToPath(plain) : plain
  return relative(cwd, local) || local
}

/** The directory of the loader itself: its own frames (the `import()` call) are not where a module failed. */
const loaderDirectory = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))

/** Where the error happened in the user's code: the stack's first location outside node, node_modules and the loader. */
function location(error: Error, cwd: string): string | undefined {
  const stack = error.stack ?? ''
  // Link errors (a missing named export) start their stack with `file:line` and the source line.
  const head = /^((?:file:\/\/)?\/[^\n]*?):(\d+)\n/.exec(stack)
  if (head) return `${shown(head[1] as string, cwd)}:${head[2]}`
  // A CommonJS module tsx compiled runs from a `data:` URL naming its file (its line numbers are the compiled code's).
  const compiled = /[?&]filePath=([^:\s)]+)/.exec(stack)?.[1]
  if (compiled) return shown(decodeURIComponent(compiled).replace(/\?.*$/, ''), cwd)
  for (const match of stack.matchAll(/^\s+at (?:.*? \()?((?:file:\/\/)?\/[^():\n]+(?:\?[^:\n]*)?):(\d+):(\d+)\)?$/gm)) {
    const path = (match[1] as string).replace(/\?.*$/, '')
    const file = path.startsWith('file://') ? fileURLToPath(path) : path
    if (!file.includes('/node_modules/') && dirname(file) !== loaderDirectory)
      return `${shown(file, cwd)}:${match[2]}:${match[3]}`
  }
  return undefined
}

function loadFailure(error: unknown, cwd: string): string {
  if (!(error instanceof Error))
    return `it threw ${typeof error === 'string' ? JSON.stringify(error) : 'a non-error value'} while loading.`
  const diagnostics = compileDiagnostics(error, cwd)
  if (diagnostics) return diagnostics
  const message = (error.message.split('\n')[0] ?? '')
    .replace(/(\/[^\s'"]+)\?namespace=[\w-]+/g, '$1')
    .replace(/imported from (\S+)/, (_, path: string) => `imported from ${shown(path, cwd)}`)
  const text = error.name === 'Error' ? message : `${error.name}: ${message}`
  const where = location(error, cwd)
  const hint =
    (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND'
      ? ' Check the spelling of the import, and that the package is installed (npm install <package>).'
      : ''
  return `${text}${where ? ` (at ${where})` : ''}${hint ? `${/[.!?]$/.test(text) ? '' : '.'}${hint}` : ''}`
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
