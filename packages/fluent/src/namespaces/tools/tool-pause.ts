import { isFunctionTool, type BaseTool } from '@adk-fluent/core'
import { ConfirmedTool } from './confirmed-tool.js'
import { ForwardingTool } from './forwarding-tool.js'

/**
 * Where a call of a tool can pause a run: it waits for the user's approval (`approval`), does when its rule says so
 * (`conditional-approval`), or waits for its result to arrive later (`long-running`).
 */
export type ToolPause = 'approval' | 'conditional-approval' | 'long-running'

/** How a call of the tool can pause a run, or `undefined` when it never does (as far as its settings tell). */
export function toolPause(tool: BaseTool): ToolPause | undefined {
  if (tool instanceof ConfirmedTool) return 'approval'
  if (isFunctionTool(tool)) {
    const rule = tool.confirmationRule
    if (rule === 'always') return 'approval'
    if (rule === 'conditional') return 'conditional-approval'
  }
  if (tool instanceof ForwardingTool) return toolPause(tool.inner)
  return tool.isLongRunning ? 'long-running' : undefined
}

/** The pause in words, for the anatomy and explain views. */
export function describeToolPause(pause: ToolPause): string {
  switch (pause) {
    case 'approval':
      return 'pauses the run for approval'
    case 'conditional-approval':
      return 'may pause the run for approval'
    case 'long-running':
      return 'pauses the run until its result arrives'
  }
}
