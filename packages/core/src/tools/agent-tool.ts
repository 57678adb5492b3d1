import { AppScopedMemoryService } from '../memory/app-scoped-memory-service.js'
import type { Content, FunctionDeclaration } from '../models/genai-types.js'
import { Type } from '../models/genai-types.js'
import { z } from 'zod'
import { isBaseAgent, type BaseAgent } from '../agents/base-agent.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import type { Context } from '../agents/context.js'
import { isLlmAgent } from '../agents/is-llm-agent.js'
import type { Event } from '../events/event.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { parseStructuredOutput } from '../flows/output-schema.js'
import { Runner } from '../runner/runner.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { isTempKey } from '../sessions/state-prefix.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import { BaseTool } from './base-tool.js'
import { scopedPlugins } from '../plugins/scoped-plugins.js'
import { ForwardingArtifactService } from './forwarding-artifact-service.js'
import { invalidArgumentsResult } from './invalid-arguments-message.js'
import { zodToSchema } from './zod-to-schema.js'

const agentToolBrand = brandSymbol('agent-tool')

/** Errors of the child run that end the parent's run unchanged (not a tool failure the model sees). */
const passesThrough: ReadonlySet<string> = new Set(['ABORTED', 'GUARD_VIOLATION', 'CIRCUIT_OPEN'])

/** The parameters of an agent without `inputSchema`: one required `request` string. */
const requestParameters = z.object({ request: z.string() })

/** Options of {@link AgentTool}. */
export interface AgentToolOptions {
  /** The agent to call. It runs as a tool: it has no parent, and it may not be a sub-agent elsewhere. */
  agent: BaseAgent
  /** End the calling agent's turn with the tool's result instead of letting its model summarise it. */
  skipSummarization?: boolean
}

/**
 * Lets a model call another agent like a function. Each call runs the agent to completion in a fresh child session
 * whose state is a copy of the caller's; the child's state changes (except `temp:` keys) come back as the tool
 * call's state delta, and its artifacts are read from and saved to the caller's session. The result is the text of
 * the child's last event, or the parsed object when the agent has an `outputSchema`.
 *
 * @example
 * const researcher = new LlmAgent({ name: 'researcher', description: 'Finds facts.', instruction: '…' })
 * const writer = new LlmAgent({ name: 'writer', tools: [new AgentTool({ agent: researcher })] })
 */
export class AgentTool extends BaseTool {
  readonly agent: BaseAgent
  readonly skipSummarization: boolean

  constructor(options: AgentToolOptions) {
    const agent: unknown = typeof options === 'object' && options !== null ? options.agent : undefined
    if (!isBaseAgent(agent)) {
      throw new ConfigError([
        {
          code: 'agent_invalid',
          path: ['<AgentTool>', 'agent'],
          message: `AgentTool needs an agent instance (new AgentTool({ agent: new LlmAgent({ name, … }) })), got ${describeValue(agent)}: a tool without an agent has no name to declare.`,
        },
      ])
    }
    super({ name: options.agent.name, description: options.agent.description })
    Object.defineProperty(this, agentToolBrand, { value: true })
    this.agent = options.agent
    this.skipSummarization = options.skipSummarization ?? false
  }

  /** Parameters from the agent's `inputSchema`, else `{ request: STRING }` (required). */
  override getDeclaration(): FunctionDeclaration {
    const inputSchema = this.#inputSchema()
    const parameters = inputSchema
      ? zodToSchema(inputSchema)
      : { type: Type.OBJECT, properties: { request: { type: Type.STRING } }, required: ['request'] }
    return { name: this.name, description: this.description, parameters }
  }

  /** Runs the agent on the arguments in a child session and returns its answer. */
  override async runAsync({
    args,
    toolContext,
  }: {
    args: Record<string, unknown>
    toolContext: Context
  }): Promise<unknown> {
    const inputSchema = this.#inputSchema()
    const parsed = await z.safeParseAsync(inputSchema ?? requestParameters, args)
    if (!parsed.success) return invalidArgumentsResult(this.name, parsed.error.issues)
    // Set only for a call that runs: an invalid call must go back to the model so it can retry.
    if (this.skipSummarization) toolContext.actions.skipSummarization = true
    const text = inputSchema ? JSON.stringify(parsed.data) : (parsed.data as z.output<typeof requestParameters>).request
    try {
      const lastEvent = await this.#runChild(toolContext, { role: 'user', parts: [{ text }] })
      return this.#result(lastEvent)
    } catch (error) {
      // An abort, a guard that blocked, an open circuit: the whole run ends with that error, code intact.
      if (AdkFluentError.isInstance(error) && passesThrough.has(error.code)) throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(`Error in tool '${this.name}': ${message}`, { cause: error })
    }
  }

  async #runChild(toolContext: Context, newMessage: Content): Promise<Event | undefined> {
    const parent = toolContext.invocationContext
    const sessionService = new InMemorySessionService()
    const runner = new Runner({
      appName: this.agent.name,
      agent: this.agent,
      sessionService,
      ...(parent.artifactService ? { artifactService: new ForwardingArtifactService(toolContext) } : {}),
      // The child recalls the calling app's memories (it runs as an app of its own name).
      ...(parent.memoryService
        ? { memoryService: new AppScopedMemoryService(parent.memoryService, parent.appName) }
        : {}),
      // Middleware scoped to the calling agent's tree (`.use(M...)`) also wraps the child run's model calls.
      plugins: scopedPlugins(parent.agent, parent.pluginManager.plugins),
    })
    const state = toolContext.state.toRecord()
    const session = await sessionService.createSession({ appName: this.agent.name, userId: parent.userId, state })
    // `temp:` values are not stored in a session; they reach the child's invocation with its first event.
    const temp: Record<string, unknown> = {}
    let hasTemp = false
    for (const key in state) {
      if (!isTempKey(key)) continue
      temp[key] = state[key]
      hasTemp = true
    }
    let lastEvent: Event | undefined
    const run = runner.runAsync({
      userId: session.userId,
      sessionId: session.id,
      newMessage,
      ...(hasTemp ? { stateDelta: temp } : {}),
      ...(parent.abortSignal ? { abortSignal: parent.abortSignal } : {}),
      // The child's calls and tokens count towards the caller's run and its limits.
      runConfig: {
        usage: parent.usage,
        ...(parent.runConfig.usageLimits ? { usageLimits: parent.runConfig.usageLimits } : {}),
        ...(parent.runConfig.modelOverride ? { modelOverride: parent.runConfig.modelOverride } : {}),
        ...(parent.runConfig.preview ? { preview: true } : {}),
        // The child's spans nest under this tool call's span.
        ...(parent.runConfig.tracing || parent.traceContext
          ? {
              tracing: { ...parent.runConfig.tracing, ...(parent.traceContext ? { parent: parent.traceContext } : {}) },
            }
          : {}),
      },
    })
    for await (const event of run) {
      if (event.partial) continue
      const delta: Record<string, unknown> = {}
      let changed = false
      for (const key in event.actions.stateDelta) {
        if (isTempKey(key)) continue
        delta[key] = event.actions.stateDelta[key]
        changed = true
      }
      if (changed) toolContext.state.update(delta)
      lastEvent = event
    }
    return lastEvent
  }

  #result(lastEvent: Event | undefined): unknown {
    const parts = lastEvent?.content?.parts
    if (
      (!parts || parts.length === 0) &&
      (lastEvent?.errorCode !== undefined || lastEvent?.errorMessage !== undefined)
    ) {
      const detail = [lastEvent.errorCode, lastEvent.errorMessage]
        .filter((item) => item !== undefined && item !== '')
        .join(': ')
      throw new Error(`agent '${this.agent.name}' ended with a model error: ${detail}`)
    }
    if (!parts || parts.length === 0) return ''
    const text = parts
      .filter((part) => typeof part.text === 'string' && !part.thought)
      .map((part) => part.text)
      .join('\n')
    const outputSchema = isLlmAgent(this.agent) ? this.agent.outputSchema : undefined
    if (outputSchema && text.trim().length > 0) return parseStructuredOutput(outputSchema, text)
    return text
  }

  #inputSchema(): z.ZodType | undefined {
    return isLlmAgent(this.agent) ? this.agent.inputSchema : undefined
  }
}

/** True for any {@link AgentTool}, whichever module instance created it. */
export function isAgentTool(value: unknown): value is AgentTool {
  return hasBrand(value, agentToolBrand)
}
