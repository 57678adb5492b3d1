import type { FunctionDeclaration } from '../models/genai-types.js'
import { Type } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import { BaseTool } from './base-tool.js'

/** The name of the transfer tool, as the model calls it. */
export const TRANSFER_TO_AGENT_TOOL_NAME = 'transfer_to_agent'

const description =
  'Transfer the question to another agent. This tool hands off control to another agent when it is more suitable to answer the user question according to the agent description.'

/**
 * ADK's `transfer_to_agent` tool, limited to a fixed list of targets. The declared argument is `agent_name`;
 * `agentName` is accepted too. A known target sets `actions.transferToAgent` (the flow then runs that agent) and
 * returns `null`; an unknown or missing name sets nothing and returns an `{ error }` naming the valid targets, so
 * the model can correct itself (for an agent of the tree it may not reach, the error says why).
 */
export class TransferToAgentTool extends BaseTool {
  readonly targetNames: readonly string[]
  /** Agents of the tree this agent may not transfer to, with the reason (`disallowTransferToPeers`, …). */
  readonly unreachable: Readonly<Record<string, string>>

  constructor(targetNames: readonly string[], unreachable: Readonly<Record<string, string>> = {}) {
    super({ name: TRANSFER_TO_AGENT_TOOL_NAME, description })
    this.targetNames = Object.freeze([...targetNames])
    this.unreachable = Object.freeze({ ...unreachable })
  }

  /** One required string parameter, `agent_name`. */
  override getDeclaration(): FunctionDeclaration {
    return {
      name: this.name,
      description: this.description,
      parameters: {
        type: Type.OBJECT,
        properties: { agent_name: { type: Type.STRING } },
        required: ['agent_name'],
      },
    }
  }

  /** Queues the transfer (`actions.transferToAgent`) or answers with an `{ error }` for an unknown target. */
  override async runAsync({
    args,
    toolContext,
  }: {
    args: Record<string, unknown>
    toolContext: Context
  }): Promise<unknown> {
    const requested = args['agent_name'] ?? args['agentName']
    const targets = this.targetNames.join(', ')
    if (typeof requested !== 'string' || requested.length === 0) {
      return { error: `Missing 'agent_name': name the agent to transfer to. Transfer targets: ${targets}.` }
    }
    if (!this.targetNames.includes(requested)) {
      const reason = Object.hasOwn(this.unreachable, requested) ? this.unreachable[requested] : undefined
      if (reason !== undefined)
        return { error: `Agent '${requested}' is not reachable from here: ${reason}. Transfer targets: ${targets}.` }
      return { error: `Unknown agent '${requested}'. Transfer targets: ${targets}.` }
    }
    toolContext.actions.transferToAgent = requested
    return null
  }
}

/** A `transfer_to_agent` tool that accepts exactly these agent names (`unreachable`: others it explains). */
export function createTransferToAgentTool(
  targetNames: readonly string[],
  unreachable: Readonly<Record<string, string>> = {},
): TransferToAgentTool {
  return new TransferToAgentTool(targetNames, unreachable)
}

/** One transfer target as listed in the instruction. */
export interface TransferTarget {
  readonly name: string
  readonly description: string
}

/**
 * ADK's transfer instruction (appended to the system instruction when an agent has transfer targets), character
 * for character: the targets in listing order, then, when `parent` is given, the sentence about transferring back
 * to the parent. Pass `parent` only when the agent has a parent and `disallowTransferToParent` is false.
 */
export function buildTransferInstruction(
  targets: readonly TransferTarget[],
  parent?: { readonly name: string },
): string {
  const infos = targets
    .map((target) => `\nAgent name: ${target.name}\nAgent description: ${target.description}\n`)
    .join('\n')
  let text =
    '\nYou have a list of other agents to transfer to:\n\n' +
    infos +
    '\n\nIf you are the best to answer the question according to your description, you\n' +
    'can answer it.\n\n' +
    'If another agent is better for answering the question according to its\n' +
    `description, call \`${TRANSFER_TO_AGENT_TOOL_NAME}\` function to transfer the\n` +
    'question to that agent. When transferring, do not generate any text other than\n' +
    'the function call.\n'
  if (parent) {
    text +=
      `\nYour parent agent is ${parent.name}. If neither the other agents nor\n` +
      'you are best for answering the question according to the descriptions, transfer\n' +
      'to your parent agent.\n'
  }
  return text
}
