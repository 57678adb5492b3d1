// Loads every built entry point through ESM `import` and CJS `require`, as a consumer would (no source condition).
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const entries = [
  '@adk-fluent/core',
  '@adk-fluent/core/testing',
  '@adk-fluent/fluent',
  '@adk-fluent/patterns',
  '@adk-fluent/eval',
  '@adk-fluent/sessions',
  '@adk-fluent/ai-sdk',
  '@adk-fluent/a2a',
  '@adk-fluent/devtools',
]
const failures = []
for (const entry of entries) {
  try {
    const esm = await import(entry)
    const cjs = require(entry)
    const esmNames = Object.keys(esm).length
    const cjsNames = Object.keys(cjs).length
    if (esmNames === 0 || esmNames !== cjsNames)
      failures.push(`${entry}: ESM exports ${esmNames}, CJS exports ${cjsNames}`)
    else console.log(`ok ${entry}: ${esmNames} exports (ESM and CJS)`)
  } catch (error) {
    failures.push(`${entry}: ${error.message}`)
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'))
  process.exit(1)
}
