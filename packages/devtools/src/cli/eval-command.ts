import { LLMRegistry, type BaseLlm } from '@adk-fluent/core'
import type { EvalCliInput } from '@adk-fluent/eval'
import type { FlowBuilder } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { CliUsageError } from './cli-usage-error.js'
import { chooseRunModel, hasGeminiCredentials } from './choose-run-model.js'
import { answerEveryModelWith } from './offline-models.js'

/** What `adk-fluent eval` needs. */
export interface EvalCommandInput {
  readonly builder: FlowBuilder
  readonly module: Readonly<Record<string, unknown>>
  readonly file: string
  readonly evalSets: readonly string[]
  readonly configFile: string | undefined
  readonly numRuns: number | undefined
  readonly printDetailedResults: boolean
  readonly junitFile: string | undefined
}

type EvalPackage = { runEvalCli(input: EvalCliInput): Promise<number> }

/**
 * `adk-fluent eval`: the evaluation itself lives in `@adk-fluent/eval` (a dependency of this package, loaded only
 * here, when the command runs; it depends only on `@adk-fluent/core`: no cycle). This
 * module loads the agent like `run` (models: the agents' own, Gemini with a key, or the module's `mockScript`
 * offline), resolves judge model names the same way, and hands over.
 */
export async function evalCommand(input: EvalCommandInput, io: CliIo): Promise<number> {
  const evalPackage = (await import('@adk-fluent/eval')) as EvalPackage
  const choice = chooseRunModel(input.builder.build(), input.module, io.env, input.file)
  const judge = (modelName: string): BaseLlm => {
    if (choice.kind !== 'mock-script' && /^(models\/)?gemini/.test(modelName) && !hasGeminiCredentials(io.env)) {
      throw new CliUsageError(
        `the judge model "${modelName}" needs GOOGLE_API_KEY (or GEMINI_API_KEY), or export mockScript from ${input.file} to judge offline.`,
      )
    }
    return LLMRegistry.newLlm(modelName)
  }
  const offline = choice.kind === 'mock-script'
  return evalPackage.runEvalCli({
    // Model names resolve when agents are built: build per case, after the offline script (if any) is installed.
    // Offline, each case gets a fresh copy of the script (its judges too: they are made after its agent), and cases
    // run one at a time, so every case replays the script from its first reply.
    agent: () => {
      if (offline) answerEveryModelWith(input.module['mockScript'] as Parameters<typeof answerEveryModelWith>[0])
      return input.builder.build()
    },
    ...(offline ? { parallelism: 1 } : {}),
    agentFile: input.file,
    evalSets: input.evalSets,
    configFile: input.configFile,
    numRuns: input.numRuns,
    printDetailedResults: input.printDetailedResults,
    junitFile: input.junitFile,
    judge,
    cwd: io.cwd,
    stdout: io.stdout,
    stderr: io.stderr,
  })
}
