import { ConfigError } from '@adk-fluent/core'

/**
 * Imports an optional peer driver only when a service needs it, with an install hint when it is missing.
 * @internal
 */
export async function loadDriver<T>(name: string, purpose: string): Promise<T> {
  try {
    return (await import(name)) as T
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ConfigError(
        [
          {
            code: 'package_missing',
            path: [],
            message: `${purpose} needs the package "${name}", which is not installed.`,
            hint: `Run: npm install ${name}`,
          },
        ],
        { cause: error },
      )
    }
    throw error
  }
}
