import type { Content } from '@google/genai'
import { z } from 'zod'
import * as core from '@adk-fluent/core'
import * as adk from '@google/adk'
import {
  AdkScriptedModel,
  OurScriptedModel,
  wire,
  type Responder,
  type ScriptedModelOptions,
} from './scripted-model.js'
import { renderWindow } from './history-window.js'

// @google/adk logs a deprecation warning for every SequentialAgent / ParallelAgent it constructs.
adk.setLogLevel(adk.LogLevel.ERROR)

export const APP = 'bench'
export const USER = 'user-1'

/** A scripted model as scenarios see it, whichever runtime it belongs to. */
export interface ModelHandle<M> {
  readonly model: M
  /** Model calls so far. */
  calls(): number
  /** The system instruction of the last request. */
  lastSystemInstruction(): string
  /** How many contents the last request carried. */
  lastContentCount(): number
}

export interface LlmAgentSpec<M> {
  name: string
  model: ModelHandle<M>
  instruction?: string
  outputKey?: string
  includeContents?: 'default' | 'none'
  /** Adds the `lookup` tool (one string argument, returns an object). */
  withLookupTool?: boolean
  /** `includeContents: 'none'` and, instead of `instruction`, the hand-written window provider of {@link renderWindow}. */
  windowTurns?: number
}

/** A runner plus its session service, with the few calls the scenarios need. */
export interface Harness<A> {
  createSession(state?: Record<string, unknown>): Promise<string>
  /** Runs one turn to completion; returns how many events it yielded. */
  turn(sessionId: string, text: string): Promise<number>
  /** Appends `count` events (alternating user / `agentName` text) through the session service, no model involved. */
  appendHistory(sessionId: string, count: number, agentName: string): Promise<void>
  /** Another runner for `agent` on the same session service. */
  withAgent(agent: A): Harness<A>
  /** Session state as stored. */
  state(sessionId: string): Promise<Record<string, unknown>>
  /** Number of stored events. */
  eventCount(sessionId: string): Promise<number>
  /** Deletes a session (so samples do not pile up sessions in the heap). */
  deleteSession(sessionId: string): Promise<void>
}

/** One runtime, behind the same small API, so each scenario is written once and runs on both. */
export interface Kit<A, M> {
  readonly id: 'ours' | 'theirs'
  readonly label: string
  model(respond: Responder, options?: ScriptedModelOptions): ModelHandle<M>
  llmAgent(spec: LlmAgentSpec<M>): A
  sequential(name: string, subAgents: readonly A[]): A
  parallel(name: string, subAgents: readonly A[]): A
  harness(agent: A): Harness<A>
}

const lookupParameters = z.object({ query: z.string() })

function lookup({ query }: { query: string }): Record<string, unknown> {
  return { answer: `result for ${query}`, hits: 3 }
}

function historyText(index: number): string {
  return wire(`message ${index}: the quick brown fox jumps over the lazy dog, twice, to test a longer history.`)
}

function userMessage(text: string): Content {
  return { role: 'user', parts: [{ text }] }
}

// ---------------------------------------------------------------------------------------------------------------
// ours: @adk-fluent/core

function ourModelHandle(model: OurScriptedModel): ModelHandle<OurScriptedModel> {
  return {
    model,
    calls: () => model.calls,
    lastSystemInstruction: () => model.lastSystemInstruction,
    lastContentCount: () => model.lastContentCount,
  }
}

function ourHarness(runner: core.Runner): Harness<core.BaseAgent> {
  const service = runner.sessionService
  const get = async (sessionId: string) => {
    const session = await service.getSession({ appName: APP, userId: USER, sessionId })
    if (!session) throw new Error(`no session ${sessionId}`)
    return session
  }
  return {
    async createSession(state) {
      const session = await service.createSession({ appName: APP, userId: USER, ...(state ? { state } : {}) })
      return session.id
    },
    async turn(sessionId, text) {
      let count = 0
      for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage: userMessage(text) })) count++
      return count
    },
    async appendHistory(sessionId, count, agentName) {
      const session = await get(sessionId)
      for (let index = 0; index < count; index++) {
        const author = index % 2 === 0 ? 'user' : agentName
        const event = core.createEvent({
          invocationId: `history-${index >> 1}`,
          author,
          content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: historyText(index) }] },
        })
        await service.appendEvent({ session, event })
      }
    },
    withAgent(agent) {
      return ourHarness(new core.Runner({ appName: APP, agent, sessionService: service }))
    },
    async state(sessionId) {
      return (await get(sessionId)).state
    },
    async eventCount(sessionId) {
      return (await get(sessionId)).events.length
    },
    async deleteSession(sessionId) {
      await service.deleteSession({ appName: APP, userId: USER, sessionId })
    },
  }
}

export const ours: Kit<core.BaseAgent, OurScriptedModel> = {
  id: 'ours',
  label: '@adk-fluent/core',
  model: (respond, options) => ourModelHandle(new OurScriptedModel(respond, options)),
  llmAgent(spec) {
    const tools = spec.withLookupTool
      ? [
          new core.FunctionTool({
            name: 'lookup',
            description: 'Looks something up.',
            parameters: lookupParameters,
            execute: lookup,
          }),
        ]
      : []
    const windowTurns = spec.windowTurns
    return new core.LlmAgent({
      name: spec.name,
      model: spec.model.model,
      ...(spec.instruction !== undefined ? { instruction: spec.instruction } : {}),
      ...(spec.outputKey !== undefined ? { outputKey: spec.outputKey } : {}),
      ...(spec.includeContents !== undefined ? { includeContents: spec.includeContents } : {}),
      ...(windowTurns !== undefined
        ? {
            includeContents: 'none' as const,
            instruction: (context: core.ReadonlyContext) =>
              renderWindow(context.invocationContext.session.events, windowTurns),
          }
        : {}),
      tools,
    })
  },
  sequential: (name, subAgents) => new core.SequentialAgent({ name, subAgents }),
  parallel: (name, subAgents) => new core.ParallelAgent({ name, subAgents }),
  harness: (agent) => ourHarness(new core.InMemoryRunner({ agent, appName: APP })),
}

// ---------------------------------------------------------------------------------------------------------------
// theirs: @google/adk 2.0.0

function adkModelHandle(model: AdkScriptedModel): ModelHandle<AdkScriptedModel> {
  return {
    model,
    calls: () => model.calls,
    lastSystemInstruction: () => model.lastSystemInstruction,
    lastContentCount: () => model.lastContentCount,
  }
}

function adkHarness(runner: adk.Runner): Harness<adk.BaseAgent> {
  const service = runner.sessionService
  const get = async (sessionId: string) => {
    const session = await service.getSession({ appName: APP, userId: USER, sessionId })
    if (!session) throw new Error(`no session ${sessionId}`)
    return session
  }
  return {
    async createSession(state) {
      const session = await service.createSession({ appName: APP, userId: USER, ...(state ? { state } : {}) })
      return session.id
    },
    async turn(sessionId, text) {
      let count = 0
      for await (const _ of runner.runAsync({ userId: USER, sessionId, newMessage: userMessage(text) })) count++
      return count
    },
    async appendHistory(sessionId, count, agentName) {
      const session = await get(sessionId)
      for (let index = 0; index < count; index++) {
        const author = index % 2 === 0 ? 'user' : agentName
        const event = adk.createEvent({
          invocationId: `history-${index >> 1}`,
          author,
          content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: historyText(index) }] },
        })
        await service.appendEvent({ session, event })
      }
    },
    withAgent(agent) {
      return adkHarness(new adk.Runner({ appName: APP, agent, sessionService: service }))
    },
    async state(sessionId) {
      return (await get(sessionId)).state
    },
    async eventCount(sessionId) {
      return (await get(sessionId)).events.length
    },
    async deleteSession(sessionId) {
      await service.deleteSession({ appName: APP, userId: USER, sessionId })
    },
  }
}

export const theirs: Kit<adk.BaseAgent, AdkScriptedModel> = {
  id: 'theirs',
  label: '@google/adk 2.0.0',
  model: (respond, options) => adkModelHandle(new AdkScriptedModel(respond, options)),
  llmAgent(spec) {
    const tools = spec.withLookupTool
      ? [
          new adk.FunctionTool({
            name: 'lookup',
            description: 'Looks something up.',
            parameters: lookupParameters,
            execute: lookup,
          }),
        ]
      : []
    const windowTurns = spec.windowTurns
    return new adk.LlmAgent({
      name: spec.name,
      model: spec.model.model,
      ...(spec.instruction !== undefined ? { instruction: spec.instruction } : {}),
      ...(spec.outputKey !== undefined ? { outputKey: spec.outputKey } : {}),
      ...(spec.includeContents !== undefined ? { includeContents: spec.includeContents } : {}),
      ...(windowTurns !== undefined
        ? {
            includeContents: 'none' as const,
            instruction: (context: adk.ReadonlyContext) =>
              renderWindow(context.invocationContext.session.events, windowTurns),
          }
        : {}),
      tools,
    })
  },
  sequential: (name, subAgents) => new adk.SequentialAgent({ name, subAgents: [...subAgents] }),
  parallel: (name, subAgents) => new adk.ParallelAgent({ name, subAgents: [...subAgents] }),
  harness: (agent) => adkHarness(new adk.InMemoryRunner({ agent, appName: APP })),
}
