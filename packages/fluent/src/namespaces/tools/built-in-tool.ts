import { BaseTool, ConfigError, type Context, type LlmRequest } from '@adk-fluent/core'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Gemini's built-in tools, by their `Tool` field in a Gemini request. */
export type BuiltInToolKind = 'googleSearch' | 'codeExecution' | 'urlContext'

const factories: Readonly<Record<BuiltInToolKind, string>> = {
  googleSearch: 'T.googleSearch()',
  codeExecution: 'T.codeExecution()',
  urlContext: 'T.urlContext()',
}

/** `gemini-2.5-flash`, `models/gemini-2.0-pro`, `projects/p/…/models/gemini-…` → the Gemini major version, or `undefined`. */
function geminiVersion(model: string): number | undefined {
  const match = /(?:^|\/)gemini-(\d+)/.exec(model)
  return match ? Number(match[1]) : undefined
}

/**
 * A tool the Gemini model runs itself (Google Search, code execution, URL context): it adds its `Tool` entry
 * (`{ googleSearch: {} }`, …) to the request and is never called by the runtime. A model that is not Gemini 2 or
 * newer is a `ConfigError` when the agent builds its request (Gemini 1 supports only Google Search, alone, as
 * `googleSearchRetrieval`).
 */
export class GeminiBuiltInTool extends BaseTool {
  readonly builtIn: BuiltInToolKind

  constructor(kind: BuiltInToolKind) {
    super({
      name: kind === 'googleSearch' ? 'google_search' : kind === 'codeExecution' ? 'code_execution' : 'url_context',
      description: `Gemini built-in ${kind}`,
    })
    this.builtIn = kind
  }

  override async runAsync(): Promise<unknown> {
    throwConfigIssue(
      'tool_invalid',
      [factories[this.builtIn]],
      'is run by the Gemini model itself and cannot be called as a function.',
      'Let the model use it; to call code yourself, use T.fn().',
    )
  }

  override async processLlmRequest({
    toolContext,
    llmRequest,
  }: {
    toolContext: Context
    llmRequest: LlmRequest
  }): Promise<void> {
    const model = llmRequest.model ?? ''
    const version = geminiVersion(model)
    const agent = toolContext.agentName
    if (version === undefined) {
      throw new ConfigError([
        {
          code: 'tool_unsupported',
          path: [agent, 'tools', factories[this.builtIn]],
          message: `${factories[this.builtIn]} is a Gemini built-in tool, and agent "${agent}" uses the model "${model}", which cannot run it.`,
          hint: "Give the agent a Gemini model (.model('gemini-2.5-flash')), or use a function tool instead.",
        },
      ])
    }
    const tools = (llmRequest.config.tools ??= [])
    if (version < 2) {
      const others = tools.length > 0 || Object.keys(llmRequest.toolsDict).length > 0
      if (this.builtIn !== 'googleSearch' || others) {
        throw new ConfigError([
          {
            code: 'tool_unsupported',
            path: [agent, 'tools', factories[this.builtIn]],
            message: `${this.builtIn === 'googleSearch' ? 'Google Search cannot be combined with other tools' : `${factories[this.builtIn]} is not available`} on ${model}.`,
            hint: "Use a Gemini 2 model such as 'gemini-2.5-flash'.",
          },
        ])
      }
      tools.push({ googleSearchRetrieval: {} })
      return
    }
    tools.push({ [this.builtIn]: {} })
  }
}
