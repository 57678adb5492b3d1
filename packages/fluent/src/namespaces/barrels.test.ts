import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Each namespace folder's index.ts is a barrel (docs/architecture.md): re-exports and comments only, its factories
// in files of their own.
describe('namespace barrels', () => {
  it('every namespace index.ts only re-exports', () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    const withCode: string[] = []
    for (const folder of folders) {
      let text: string
      try {
        text = readFileSync(join(import.meta.dirname, folder.name, 'index.ts'), 'utf8')
      } catch {
        continue
      }
      const code = text
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replace(/export\s+(type\s+)?(\*(\s+as\s+\w+)?|\{[^}]*\})\s+from\s+'[^']+'/g, '')
        .trim()
      if (code.length > 0) withCode.push(`${folder.name}/index.ts: ${code.slice(0, 60)}`)
    }
    expect(folders.length).toBeGreaterThanOrEqual(7)
    expect(withCode).toEqual([])
  })
})
