import type { BaseAgent } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'

/** Lowers a node to a fresh core agent named `name`; handed to each lowering so they need not import the dispatcher. */
export type LowerFunction = (node: FlowNode, name: string) => BaseAgent
