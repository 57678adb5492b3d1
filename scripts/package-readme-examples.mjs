// The example of every package's README.md (the first ```ts block under "## Example", what its npm page shows), run
// from the installed tarballs as a user would paste it: transpiled with the repository's TypeScript (types stripped,
// nothing else changed), written into the installed project and run with node, offline (no API key in the
// environment). Each example that runs offline must print what the README says it prints; the others need a service
// this machine does not have (Gemini, OpenAI, a PostgreSQL server for workers, a module the CLI loads) and are only
// compiled, by the docs site's checks. A package whose README is in neither list fails, so a new package is placed.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** What each offline example prints (a fragment of its standard output). */
const offline = {
  core: /Sunny, 24 °C\./,
  eval: /Tests passed: 1\n  Tests failed: 0/,
  fluent: /Bees talk by dancing\./,
  patterns: /Ride on sunshine\./,
  sessions: /Your name is Ann\./,
}
/** Examples that need what this machine has not, and why. */
const needsService = {
  a2a: 'a Gemini model behind the served agent',
  'ai-sdk': 'an OpenAI key',
  dbos: 'a PostgreSQL server and a Gemini model',
  devtools: 'a module for the adk-fluent command, which the installed smoke runs itself',
}

/** The first ```ts block under "## Example" of a README. */
export function readmeExample(readme, where) {
  const section = /^## Example\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1]
  const code = section && /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (!code) throw new Error(`${where}: no \`\`\`ts block under "## Example"`)
  return code
}

/**
 * Runs the offline README examples in `project` (where the tarballs are installed). `root` is the repository (its
 * README files and its TypeScript). Returns the names run; throws on the first failure.
 */
export function runPackageReadmeExamples({ root, project, packages, env }) {
  const ts = createRequire(join(root, 'package.json'))('typescript')
  const unplaced = packages.filter((name) => !(name in offline) && !(name in needsService))
  if (unplaced.length > 0)
    throw new Error(`scripts/package-readme-examples.mjs: place ${unplaced.join(', ')} in "offline" or "needsService"`)
  const ran = []
  for (const name of packages.filter((entry) => entry in offline)) {
    const where = `packages/${name}/README.md`
    const source = readmeExample(
      readFileSync(join(project, 'node_modules', '@adk-fluent', name, 'README.md'), 'utf8'),
      where,
    )
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    const file = `readme-${name}.mjs`
    writeFileSync(join(project, file), outputText)
    let stdout
    try {
      stdout = execFileSync('node', [file], { cwd: project, env, encoding: 'utf8', timeout: 60_000, stdio: 'pipe' })
    } catch (error) {
      throw new Error(
        `${where}: its example fails when run from the installed packages:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
      )
    }
    if (!offline[name].test(stdout))
      throw new Error(`${where}: its example ran but did not print ${offline[name]}:\n${stdout}`)
    console.log(`ok ${where}: its example runs from the installed package (prints ${offline[name].source})`)
    ran.push(name)
  }
  return ran
}
