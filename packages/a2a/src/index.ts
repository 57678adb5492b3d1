// @adk-fluent/a2a: serve any adk-fluent agent over A2A, and use remote A2A agents as steps.
export {}
