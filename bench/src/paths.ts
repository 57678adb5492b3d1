import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The `bench/` folder. */
export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The repository root. */
export const repoRoot = join(benchDir, '..')
