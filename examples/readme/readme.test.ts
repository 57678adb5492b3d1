import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readmePath, renderReadme } from './render-readme.js'

describe('README.md', () => {
  it('shows the real code and the real outputs (run `pnpm readme` after changing them)', async () => {
    const readme = readFileSync(readmePath, 'utf8')
    expect(readme.match(/<!-- (snippet|output): /g)?.length ?? 0).toBeGreaterThan(5)
    expect(await renderReadme(readme)).toBe(readme)
  })

  it('starts with the two set-up commands', () => {
    const readme = readFileSync(readmePath, 'utf8')
    const firstBlock = /```bash\n([\s\S]*?)\n```/.exec(readme)?.[1]
    expect(firstBlock?.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      'npm install -g pnpm@10.34.9 && pnpm install && pnpm demo',
      'pnpm test',
    ])
  })
})
