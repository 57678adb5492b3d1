import type * as genai from '@google/genai'
import { ConfigError } from '../errors/config-error.js'

const GENAI = '@google/genai'

/**
 * Loads `@google/genai` on a Gemini model's first call, so importing core never loads it: it is an optional peer
 * dependency of core, needed only by applications that use Gemini. When it is not installed the error names the
 * model and the install command; any other failure (one of its own dependencies missing, …) is rethrown as is.
 */
export async function loadGenai(
  model: string,
  load: () => Promise<typeof genai> = () => import('@google/genai'),
): Promise<typeof genai> {
  try {
    return await load()
  } catch (error) {
    if (!isModuleNotFound(error, GENAI)) throw error
    throw new ConfigError(
      [
        {
          code: 'package_missing',
          path: [],
          message: `Gemini model "${model}" needs the ${GENAI} package:`,
          hint: `npm install ${GENAI}`,
        },
      ],
      { cause: error },
    )
  }
}

/** Node's "cannot find" error for `name` itself (ESM: `Cannot find package '<name>'`, CJS: `Cannot find module '<name>'`). */
function isModuleNotFound(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = String((error as { message?: unknown } | null)?.message)
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(`'${name}'`)
}
