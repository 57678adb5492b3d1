/**
 * A key a function step's result may carry besides its state changes: the text the step answers with (its event's
 * content, a `model` reply), as an extension package's step that speaks for the flow does (`reviewLoop` answers
 * with the accepted draft). A symbol, so it is never a state key (exported by `@adk-fluent/fluent/internal` only).
 */
export const STEP_REPLY: unique symbol = Symbol.for('adk-fluent.step-reply')
