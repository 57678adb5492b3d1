import type { A2aServer, A2aTarget, ServeA2aOptions } from '@adk-fluent/a2a'
import { CliUsageError } from './cli-usage-error.js'

/** The part of `@adk-fluent/a2a` the CLI uses. */
export interface A2aPackage {
  serveA2a(target: A2aTarget, options?: ServeA2aOptions): Promise<A2aServer>
}

/**
 * Loads `@adk-fluent/a2a`, an optional peer of this package (it brings the A2A SDK and express, which only `adk-fluent
 * a2a` needs), when the command runs; when it is not installed, a {@link CliUsageError} says what to install. `load`
 * is for tests.
 */
export async function loadA2aPackage(
  load: () => Promise<unknown> = () => import('@adk-fluent/a2a'),
): Promise<A2aPackage> {
  try {
    return (await load()) as A2aPackage
  } catch (error) {
    const code = (error as { code?: string }).code
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes('@adk-fluent/a2a')
    if (!missing) throw error
    throw new CliUsageError(
      '"a2a" needs the @adk-fluent/a2a package, which is not installed: npm install @adk-fluent/a2a',
    )
  }
}
