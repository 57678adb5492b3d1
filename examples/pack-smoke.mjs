// Loads every built entry point through ESM `import` and CJS `require`, as a consumer would (no source condition).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

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
// Agents from files: the built fluent package loads YAML (its `yaml` dependency, required on first use) in both formats.
const folder = mkdtempSync(join(tmpdir(), 'pack-smoke-'))
writeFileSync(join(folder, 'root_agent.yaml'), 'name: helper\ninstruction: Help.\ntools:\n  - name: google_search\n')
writeFileSync(
  join(folder, 'SKILL.md'),
  '---\nname: duo\nagents:\n  - {name: a, instruct: A.}\n  - {name: b, instruct: B.}\ntopology: a >> b\n---\n',
)
for (const [format, fluent] of [
  ['ESM', await import('@adk-fluent/fluent')],
  ['CJS', require('@adk-fluent/fluent')],
]) {
  try {
    const agent = fluent.loadAgentConfig(join(folder, 'root_agent.yaml')).build()
    const skill = fluent.Skill(folder).build()
    if (agent.name !== 'helper' || skill.subAgents.length !== 2) failures.push(`${format}: agent files loaded wrongly`)
    else console.log(`ok @adk-fluent/fluent (${format}): loadAgentConfig and Skill`)
  } catch (error) {
    failures.push(`@adk-fluent/fluent (${format}) agent files: ${error.message}`)
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
