import { LLMRegistry, type BaseLlm } from '@adk-fluent/core'
import type { EvalCliInput } from '@adk-fluent/eval'
import { defineCommand } from '../command-definition.js'
import { moduleArguments, text } from '../argument-values.js'
import { CliUsageError } from '../cli-usage-error.js'
import { didYouMean } from '../did-you-mean.js'
import { chooseRunModel, hasGeminiCredentials } from '../choose-run-model.js'
import { loadTarget } from '../load-target.js'

type EvalPackage = { runEvalCli(input: EvalCliInput): Promise<number> }

/**
 * `adk-fluent eval`: ADK eval sets through `@adk-fluent/eval` (a dependency of this package, loaded only here, when
 * the command runs; it depends only on `@adk-fluent/core`: no cycle). This command loads the agent like `run`
 * (models: the agents' own, Gemini with a key, or the module's `mockScript` offline), resolves judge model names the
 * same way, and hands over.
 */
export const evalCommand = defineCommand({
  name: 'eval',
  options: {
    export: false,
    config_file_path: false,
    num_runs: false,
    print_detailed_results: true,
    junit: false,
    replies: false,
  },
  help: `  eval <file> <evalset.json>[:case_id,...] [--config_file_path f] [--num_runs n] [--print_detailed_results]
       [--junit results.xml] [--replies f] ADK eval sets: scores, ADK's report, the result
                                           under .adk/eval_history/; exit code 1 when a case does not pass;
                                           --replies runs the models offline on per-agent replies`,
  parse(args) {
    const { file, exportName, extra: evalSets } = moduleArguments('eval', args)
    if (evalSets.length === 0)
      throw new CliUsageError('"eval" needs an eval set: adk-fluent eval <file> <evalset.json>[:case_id,...].')
    const runs = text(args.options.get('num_runs'))
    const numRuns = runs === undefined ? undefined : Number(runs)
    if (numRuns !== undefined && (!Number.isInteger(numRuns) || numRuns < 1))
      throw new CliUsageError(`--num_runs must be a positive integer, got "${runs}".`)
    return {
      name: 'eval' as const,
      file,
      exportName,
      evalSets,
      configFile: text(args.options.get('config_file_path')),
      numRuns,
      printDetailedResults: args.options.get('print_detailed_results') === true,
      junitFile: text(args.options.get('junit')),
      replies: text(args.options.get('replies')),
    }
  },
  async execute(command, io) {
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    const evalPackage = (await import('@adk-fluent/eval')) as EvalPackage
    const choice = chooseRunModel(builder, module, io.env, command.file)
    const judge = (modelName: string): BaseLlm => {
      if (choice.kind !== 'mock-script' && /^(models\/)?gemini/.test(modelName) && !hasGeminiCredentials(io.env)) {
        throw new CliUsageError(
          `the judge model "${modelName}" needs GOOGLE_API_KEY (or GEMINI_API_KEY), or export mockScript from ${command.file} to judge offline.`,
        )
      }
      return LLMRegistry.newLlm(modelName)
    }
    const offline = choice.kind === 'mock-script'
    return evalPackage.runEvalCli({
      // Offline, each case gets a tree on a fresh copy of the script (its judges too: they are made after its agent),
      // and cases run one at a time, so every case replays the script from its first reply.
      agent: () => choice.tree(),
      ...(offline ? { parallelism: 1 } : {}),
      agentFile: command.file,
      evalSets: command.evalSets,
      configFile: command.configFile,
      numRuns: command.numRuns,
      printDetailedResults: command.printDetailedResults,
      junitFile: command.junitFile,
      judge,
      cwd: io.cwd,
      stdout: io.stdout,
      stderr: io.stderr,
      didYouMean,
    })
  },
})
