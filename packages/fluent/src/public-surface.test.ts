import { describe, expect, it } from 'vitest'
import * as fluent from './index.js'
import * as internal from './internal.js'

// The exact public surface: a change to it must be a visible diff here. Compiler plumbing lives in
// `@adk-fluent/fluent/internal`, never in the root or in a namespace.
describe('@adk-fluent/fluent public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(fluent).sort()).toEqual([
      'A',
      'Agent',
      'AgentFileError',
      'AgentTimeoutError',
      'C',
      'CircuitOpenError',
      'ConfigError',
      'Fallback',
      'FanOut',
      'G',
      'Graph',
      'GuardViolationError',
      'Loop',
      'M',
      'P',
      'Pipeline',
      'Route',
      'S',
      'Skill',
      'StateError',
      'T',
      'expect',
      'gate',
      'isFlowNode',
      'loadAgentConfig',
      'mapOver',
      'previewLlmCalls',
      'race',
      'tap',
      'timeout',
    ])
  })

  it('P holds only the factories users call', () => {
    expect(Object.keys(fluent.P).sort()).toEqual([
      'adapt',
      'compress',
      'constraint',
      'context',
      'example',
      'fingerprint',
      'format',
      'fromState',
      'only',
      'reorder',
      'role',
      'scaffolded',
      'section',
      'task',
      'template',
      'versioned',
      'when',
      'without',
    ])
  })

  it('C holds only the factories users call', () => {
    expect(Object.keys(fluent.C).sort()).toEqual([
      'budget',
      'capture',
      'compact',
      'currentTurn',
      'dedup',
      'default',
      'distill',
      'excludeAgents',
      'extract',
      'fit',
      'fresh',
      'fromAgents',
      'fromAgentsWindowed',
      'fromState',
      'lastNTurns',
      'manusCascade',
      'none',
      'notes',
      'priority',
      'project',
      'recent',
      'redact',
      'relevant',
      'rolling',
      'select',
      'summarize',
      'template',
      'truncate',
      'user',
      'userOnly',
      'validate',
      'window',
      'writeNotes',
    ])
  })

  it('S holds only the factories users call', () => {
    expect(Object.keys(fluent.S).sort()).toEqual([
      'accumulate',
      'branch',
      'capture',
      'compute',
      'counter',
      'default',
      'drop',
      'guard',
      'identity',
      'log',
      'merge',
      'pick',
      'produce',
      'rename',
      'require',
      'set',
      'transform',
      'when',
    ])
  })

  it('T holds only the factories users call', () => {
    expect(Object.keys(fluent.T).sort()).toEqual([
      'agent',
      'cache',
      'codeExecution',
      'confirm',
      'effectful',
      'fn',
      'googleSearch',
      'loadMemory',
      'mcp',
      'mock',
      'openapi',
      'preloadMemory',
      'timeout',
      'toolset',
      'transform',
      'urlContext',
    ])
  })

  it('A holds only the factories users call', () => {
    expect(Object.keys(fluent.A).sort()).toEqual([
      'asCsv',
      'asJson',
      'asText',
      'delete',
      'forLlm',
      'fromCsv',
      'fromJson',
      'fromMarkdown',
      'list',
      'load',
      'publish',
      'publishMany',
      'save',
      'snapshot',
      'snapshotMany',
      'version',
      'when',
    ])
  })

  it('@adk-fluent/fluent/internal exports exactly these names', () => {
    expect(Object.keys(internal).sort()).toEqual([
      'STEP_REPLY',
      'agentFileKind',
      'applyDelta',
      'bareStateKey',
      'compileContext',
      'compilePrompt',
      'composeInstruction',
      'contextStateKeys',
      'createRemoteAgentBuilder',
      'describeContext',
      'describePrompt',
      'describeValue',
      'effectiveContext',
      'formatIssues',
      'graphVisits',
      'isArtifactOperation',
      'isContextSpec',
      'isNodeHolder',
      'isPromptSpec',
      'isStateTransform',
      'isToolComposite',
      'loadAgentFile',
      'lowerNode',
      'nodeChildren',
      'nodeOutputKey',
      'parseStateKey',
      'promptStateKeys',
      'runEvents',
      'throwConfigIssue',
      'toTools',
      'visitNode',
    ])
  })
})
