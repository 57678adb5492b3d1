// A module resolution hook that adds the `@adk-fluent/source` condition, so workspace packages resolve to their
// TypeScript sources (see bin/adk-fluent.mjs).
const condition = '@adk-fluent/source'

export async function resolve(specifier, context, nextResolve) {
  if (context.conditions.includes(condition)) return nextResolve(specifier, context)
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, condition] })
}
