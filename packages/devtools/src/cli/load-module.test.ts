import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadModule } from './load-module.js'

const dir = mkdtempSync(join(tmpdir(), 'adk-fluent-load-'))
const write = (name: string, text: string) => writeFileSync(join(dir, name), text)

async function failure(file: string): Promise<string> {
  try {
    await loadModule(file, dir)
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

  it('an engine error while loading never echoes the file content', async () => {
    write('creds.ts', 'export const a = 1\nconst password = hunter2_db_password\n')
    const message = await failure('creds.ts')
    expect(message).not.toContain('hunter2')
    expect(message).toContain('cannot load creds.ts: it threw a ReferenceError while loading')
  })

  it('an error the module throws itself keeps its message', async () => {
    write('throws.ts', "throw new Error('Set OPENAI_KEY first.')\n")
    expect(await failure('throws.ts')).toBe('cannot load throws.ts: Set OPENAI_KEY first.')
  })
})
