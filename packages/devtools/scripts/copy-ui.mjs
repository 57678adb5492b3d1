// Copies the dev UI's page (src/web/ui: plain ES modules, CSS and HTML, type-checked with `// @ts-check`) to dist/ui,
// where the built server (dist/index.js, dist/cli.js) finds it next to itself: the page ships in the package.
import { cpSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const from = fileURLToPath(new URL('../src/web/ui/', import.meta.url))
const to = fileURLToPath(new URL('../dist/ui/', import.meta.url))
rmSync(to, { recursive: true, force: true })
cpSync(from, to, { recursive: true, filter: (path) => !/tsconfig\.json$|\.d\.ts$/.test(path) })
if (!existsSync(`${to}index.html`)) throw new Error(`copy-ui: ${to}index.html is missing after the copy`)
