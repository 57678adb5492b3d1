// The compile-time cost of typed data flow (issue 33): type-checks a generated 60-step pipeline whose every step reads
// the key the step before wrote (initial state declared), the same pipeline untyped (a `PipelineBuilder` variable,
// no key tracking), and a broken variant that must fail on exactly its marked line. Prints check times and the
// checker's type instantiation counts (deterministic), and fails when the typed pipeline has errors, the broken one
// errs elsewhere, or the typed pipeline costs more than --max-ratio times the untyped one in instantiations. The same
// for a 20-node Graph (issue 41; --graph-nodes): half of it one .chain(), half .edge() calls, a routing map and an edge
// back, every node reading the key the node before wrote.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import ts from 'typescript'

const steps = Number(process.argv.find((arg) => arg.startsWith('--steps='))?.slice(8) ?? 60)
const maxRatio = Number(process.argv.find((arg) => arg.startsWith('--max-ratio='))?.slice(12) ?? 10)
const graphNodes = Number(process.argv.find((arg) => arg.startsWith('--graph-nodes='))?.slice(14) ?? 20)
const root = process.cwd()
const dir = mkdtempSync(join(root, 'packages/fluent/src/.type-cost-'))

function pipeline(typed, broken) {
  const lines = [`import { Agent, Pipeline${typed ? '' : ', type PipelineBuilder'} } from '../index.js'`]
  lines.push(typed ? `export const flow = Pipeline('long')` : `let flow: PipelineBuilder = Pipeline('long')`)
  lines.push(`  .initialState('key_0')`)
  for (let step = 1; step <= steps; step++) {
    const read = broken && step === steps ? 'kye_0' : `key_${step - 1}`
    const agent = `Agent('a${step}').instruct('Use {${read}}.').writes('key_${step}')`
    lines.push(typed ? `  .step(${agent})` : `flow = flow.step(${agent})`)
  }
  if (!typed) lines.push('export { flow }')
  return lines.join('\n') + '\n'
}

/** A graph of `graphNodes` agents (typed, untyped or broken on its last node) and the line the broken one fails on. */
function graph(typed, broken) {
  const lines = [`import { Agent, Graph${typed ? '' : ', type GraphBuilder'} } from '../index.js'`]
  const agent = (node) => {
    const read = broken && node === graphNodes ? 'kye_0' : `key_${node - 1}`
    return `Agent('a${node}').instruct('Use {${read}}.').writes('key_${node}')`
  }
  const half = Math.floor(graphNodes / 2)
  lines.push(typed ? `export const graph = Graph('long')` : `let graph: GraphBuilder = Graph('long')`)
  lines.push(`  .initialState('key_0')`)
  lines.push(typed ? `  .chain(` : `graph = graph.chain(`, `    'START',`)
  for (let node = 1; node <= half; node++) lines.push(`    ${agent(node)},`)
  lines.push(`    { again: 'a1', [DEFAULT]: ${agent(half + 1)} },`, typed ? '  )' : ')')
  let failing = 0
  for (let node = half + 2; node <= graphNodes; node++) {
    if (node === graphNodes) failing = lines.length + 1
    lines.push(typed ? `  .edge('a${node - 1}', ${agent(node)})` : `graph = graph.edge('a${node - 1}', ${agent(node)})`)
  }
  lines.push(typed ? `  .maxSteps(100)` : `graph = graph.maxSteps(100)`)
  if (!typed) lines.push('export { graph }')
  const source = lines.join('\n').replace(/\[DEFAULT\]/g, '__DEFAULT__') + '\n'
  return { source, failing }
}

function check(name, source) {
  const file = join(dir, `${name}.ts`)
  writeFileSync(file, source)
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  )
  const program = ts.createProgram([file], { ...config.options, noEmit: true })
  const checker = program.getTypeChecker()
  const start = performance.now()
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file))
  const ms = performance.now() - start
  const lines = diagnostics.map((d) => d.file.getLineAndCharacterOfPosition(d.start).line + 1)
  return { ms, instantiations: checker.getInstantiationCount(), lines, diagnostics }
}

try {
  const untyped = check('untyped', pipeline(false, false))
  const typed = check('typed', pipeline(true, false))
  const broken = check('broken', pipeline(true, true))
  const ratio = typed.instantiations / untyped.instantiations
  console.log(
    `${steps}-step pipeline: typed ${typed.ms.toFixed(0)} ms check (${typed.instantiations} instantiations), untyped ${untyped.ms.toFixed(0)} ms (${untyped.instantiations}); instantiation ratio ${ratio.toFixed(2)}`,
  )
  const failures = []
  if (typed.diagnostics.length > 0)
    failures.push(
      `the typed pipeline has errors: ${ts.formatDiagnostics(typed.diagnostics, ts.createCompilerHost({}))}`,
    )
  const expected = steps + 3
  if (broken.lines.length !== 1 || broken.lines[0] !== expected)
    failures.push(`the broken pipeline should fail on line ${expected} only, got lines ${broken.lines.join(', ')}`)
  if (ratio > maxRatio) failures.push(`typed/untyped instantiations ${ratio.toFixed(2)} > ${maxRatio}`)
  const untypedGraph = check('untyped_graph', graph(false, false).source)
  const typedGraph = check('typed_graph', graph(true, false).source)
  const broken20 = graph(true, true)
  const brokenGraph = check('broken_graph', broken20.source)
  const graphRatio = typedGraph.instantiations / untypedGraph.instantiations
  console.log(
    `${graphNodes}-node graph: typed ${typedGraph.ms.toFixed(0)} ms check (${typedGraph.instantiations} instantiations), untyped ${untypedGraph.ms.toFixed(0)} ms (${untypedGraph.instantiations}); instantiation ratio ${graphRatio.toFixed(2)}`,
  )
  if (typedGraph.diagnostics.length > 0)
    failures.push(
      `the typed graph has errors: ${ts.formatDiagnostics(typedGraph.diagnostics, ts.createCompilerHost({}))}`,
    )
  if (brokenGraph.lines.length !== 1 || brokenGraph.lines[0] !== broken20.failing)
    failures.push(
      `the broken graph should fail on line ${broken20.failing} only, got lines ${brokenGraph.lines.join(', ')}`,
    )
  if (graphRatio > maxRatio) failures.push(`graph typed/untyped instantiations ${graphRatio.toFixed(2)} > ${maxRatio}`)
  for (const failure of failures) console.error(failure)
  process.exitCode = failures.length > 0 ? 1 : 0
} finally {
  rmSync(dir, { recursive: true, force: true })
}
