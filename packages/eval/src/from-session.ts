import { ConfigError, type Session } from '@adk-fluent/core'
import { invocationsFromEvents } from './run/invocations-from-events.js'
import type { EvalCase, EvalSet } from './schema/types.js'

/** How a recorded session becomes an eval case. */
export interface EvalCaseFromSessionOptions {
  /** The case id (default: the session id, with characters other than `[a-zA-Z0-9_]` replaced by `_`). */
  readonly evalId?: string
  /** The state the case starts from (default `{}`: a session's current state is where it ended, not where it began). */
  readonly initialState?: Readonly<Record<string, unknown>>
}

/**
 * Makes an eval case of a conversation a user just had (ADK's "add session to eval set"): every turn of the session
 * becomes an invocation whose user message, final response and tool calls (as invocation events) are the expected
 * ones, and the session's app and user become its `session_input`.
 */
export function evalCaseFromSession(session: Session, options: EvalCaseFromSessionOptions = {}): EvalCase {
  return {
    evalId: options.evalId ?? session.id.replace(/[^a-zA-Z0-9_]/g, '_'),
    conversation: invocationsFromEvents(session.events),
    sessionInput: { appName: session.appName, userId: session.userId, state: { ...(options.initialState ?? {}) } },
    creationTimestamp: Date.now() / 1000,
  }
}

/** The eval set with the case added; a case with the same id is an error (as in ADK). */
export function addEvalCase(evalSet: EvalSet, evalCase: EvalCase): EvalSet {
  if (evalSet.evalCases.some((existing) => existing.evalId === evalCase.evalId)) {
    throw new ConfigError([
      {
        code: 'eval_case_duplicate',
        path: ['addEvalCase', 'evalId'],
        message: `eval set ${evalSet.evalSetId} already has a case "${evalCase.evalId}"`,
        hint: 'Give the new case another evalId.',
      },
    ])
  }
  return { ...evalSet, evalCases: [...evalSet.evalCases, evalCase] }
}
