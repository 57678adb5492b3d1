// Core's one value describer, re-exported for the parse layer's callers.
export { describeValue } from '@adk-fluent/core/internal'
