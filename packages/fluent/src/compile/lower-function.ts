import type { BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'

/**
 * The agents after a step in its sequence, built when asked. A node kind that holds the rest of its sequence (a gate)
 * calls it; every other kind ignores it.
 */
export type RestOfSequence = () => readonly BaseAgent[]

/** Lowers a node to a fresh core agent named `name`; handed to each lowering so they need not import the dispatcher. */
export type LowerFunction = (node: FlowNode, name: string, rest?: RestOfSequence) => BaseAgent
