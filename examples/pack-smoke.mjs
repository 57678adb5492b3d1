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
// Long-term memory through the built packages: a memory service made by the CJS build of sessions is a
// BaseMemoryService to the ESM build of core (brand check, not instanceof), and SQLite's FTS5 index answers.
try {
  const { isBaseMemoryService } = await import('@adk-fluent/core')
  const memory = require('@adk-fluent/sessions').openMemoryService('sqlite::memory:')
  await memory.addMemory({ appName: 'app', userId: 'u', memories: ['packed memories are found'] })
  const { memories } = await memory.searchMemory({ appName: 'app', userId: 'u', query: 'are "packed" OR *' })
  await memory.close()
  if (!isBaseMemoryService(memory) || memories.length !== 1) failures.push(`memory: found ${memories.length} memories`)
  else console.log('ok memory: a CJS SqliteMemoryService searched from ESM core')
} catch (error) {
  failures.push(`memory: ${error.message}`)
}
if (failures.length > 0) {
  console.error(failures.join('\n'))
  process.exit(1)
}
