/**
 * Brand checks that survive the dual-package hazard: runtime classes mark their instances with a `Symbol.for`
 * key, so a model, agent or tool created through another module instance (ESM vs CJS, or the testing entry)
 * is still recognised.
 */
export function brandSymbol(name: string): symbol {
  return Symbol.for(`adk-fluent.${name}`)
}

export function hasBrand(value: unknown, symbol: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[symbol] === true
}
