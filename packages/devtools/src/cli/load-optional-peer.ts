import { CliUsageError } from './cli-usage-error.js'

/**
 * Imports an optional peer package through `load`; when the package itself is not installed, a {@link CliUsageError}
 * with `missingMessage` (which says what to install). Any other failure is rethrown.
 */
export async function loadOptionalPeer<T>(
  name: string,
  load: () => Promise<unknown>,
  missingMessage: string,
): Promise<T> {
  try {
    return (await load()) as T
  } catch (error) {
    const code = (error as { code?: string }).code
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes(name)
    if (!missing) throw error
    throw new CliUsageError(missingMessage)
  }
}
