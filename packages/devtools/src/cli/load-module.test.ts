import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadModule } from './load-module.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-fluent-load-'))
const write = (name: string, text: string) => writeFileSync(join(dir, name), text)

async function failure(file: string): Promise<string> {
  return failureIn(file, dir)
}

async function failureIn(file: string, cwd: string): Promise<string> {
  try {
    await loadModule(file, cwd)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${file} loaded`)
}

describe('loadModule', () => {
  it('loads only .ts/.mts/.cts/.js/.mjs/.cjs files: a Makefile is never executed', async () => {
    write('Makefile', 'globalThis.ranMakefile = true\nexport const a = 1\n')
    write('notes.txt', 'export const a = 1\n')
    expect(await failure('Makefile')).toMatch(
      /^cannot load Makefile: only TypeScript or JavaScript modules \(\.ts, \.mts, \.cts, \.js, \.mjs, \.cjs\)/,
    )
    expect(await failure('notes.txt')).toMatch(/only TypeScript or JavaScript modules/)
    expect((globalThis as { ranMakefile?: boolean }).ranMakefile).toBeUndefined()
    write('ok.mjs', 'export const a = 1\n')
    expect((await loadModule('ok.mjs', dir))['a']).toBe(1)
  })

  it('a syntax error shows the compiler diagnostic with file:line:column', async () => {
    write('broken.ts', 'export const a = 1\nconst b = = 2\n')
    expect(await failure('broken.ts')).toMatch(/^cannot load broken\.ts: broken\.ts:2:10: ERROR: Unexpected "="$/)
  })

  it("an error while loading shows its class, message and the module's file:line (not the source line)", async () => {
    // Inside this package (an ES module scope, as a user's project with "type": "module").
    const local = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.load-'))
    try {
      writeFileSync(join(local, 'creds.ts'), 'export const a = 1\nconst password = not_defined_here\n')
      expect(await failureIn('creds.ts', local)).toMatch(
        // (the exact line through the real bin: cli.test.ts; vitest's workers do not map tsx's stack traces)
        /^cannot load creds\.ts: ReferenceError: not_defined_here is not defined \(at creds\.ts:\d+:\d+\)$/,
      )
    } finally {
      rmSync(local, { recursive: true, force: true })
    }
    // A CommonJS scope (no "type": "module" above it): the file, without the compiled code's line numbers.
    write('cjs-creds.ts', 'export const a = 1\nconst password = not_defined_here\n')
    expect(await failure('cjs-creds.ts')).toBe(
      'cannot load cjs-creds.ts: ReferenceError: not_defined_here is not defined (at cjs-creds.ts)',
    )
  })

  it('a misspelled import names what is missing and where (no "run npx tsx" detour)', async () => {
    // Inside this package, so @adk-fluent/fluent resolves as it does for a user's project.
    const local = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.load-'))
    try {
      writeFileSync(
        join(local, 'named.ts'),
        "import { Agnet } from '@adk-fluent/fluent'\nexport const a = Agnet('a')\n",
      )
      writeFileSync(join(local, 'pkg.ts'), "import { Agent } from '@adk-fluent/fluen'\nexport const a = Agent('a')\n")
      const named = await failureIn('named.ts', local)
      expect(named).toBe(
        "cannot load named.ts: SyntaxError: The requested module '@adk-fluent/fluent' does not provide an export named 'Agnet' (at named.ts:1)",
      )
      const pkg = await failureIn('pkg.ts', local)
      expect(pkg).toBe(
        "cannot load pkg.ts: Cannot find package '@adk-fluent/fluen' imported from pkg.ts. Check the spelling of the import, and that the package is installed (npm install <package>).",
      )
    } finally {
      rmSync(local, { recursive: true, force: true })
    }
  })

  it('refuses .env, .json and extension-less files without running them, and says when a path is a directory', async () => {
    write('.env', 'SECRET=hunter2\n')
    write('data.json', '{"secret":"hunter2"}\n')
    write('script', 'globalThis.ranScript = true\n')
    for (const file of ['.env', 'data.json', 'script']) {
      const message = await failure(file)
      expect(message).toMatch(/only TypeScript or JavaScript modules/)
      expect(message).not.toContain('hunter2')
    }
    expect((globalThis as { ranScript?: boolean }).ranScript).toBeUndefined()
    expect(await failure('.')).toBe('. is a directory: pass the module file in it that exports your agents.')
  })

  it('an error the module throws itself keeps its message', async () => {
    write('throws.ts', "throw new Error('Set OPENAI_KEY first.')\n")
    expect(await failure('throws.ts')).toBe('cannot load throws.ts: Set OPENAI_KEY first. (at throws.ts)')
  })
})
