import { ModelError } from '../errors/runtime-errors.js'

/** The `errorCode` of a Gemini model that has no credentials (a configuration problem, not a failed call). */
export const MISSING_CREDENTIALS = 'MISSING_CREDENTIALS'

/** Where and how a {@link Gemini} model connects, resolved from its options and the environment. */
export interface GeminiConnection {
  readonly vertexai: boolean
  /** Set for the Gemini API and for Vertex AI express mode. */
  readonly apiKey?: string
  /** Set for Vertex AI with a project. */
  readonly project?: string
  readonly location?: string
}

/** The connection fields of `GeminiOptions`. */
export interface GeminiConnectionOptions {
  readonly model: string
  readonly apiKey?: string
  readonly vertexai?: boolean
  readonly project?: string
  readonly location?: string
}

/**
 * Decides between the Gemini API and Vertex AI (ADK's rules):
 * - Vertex AI when `options.vertexai` is true, or when it is unset and `GOOGLE_GENAI_USE_VERTEXAI` is `true`/`1`;
 *   it needs a project (`options.project` or `GOOGLE_CLOUD_PROJECT`; location from `options.location` or
 *   `GOOGLE_CLOUD_LOCATION`) or, for Vertex AI express mode, an API key;
 * - otherwise the Gemini API with `options.apiKey`, `GOOGLE_API_KEY` or `GEMINI_API_KEY`.
 *
 * Throws a {@link ModelError} naming the variables to set when something is missing.
 */
export function resolveGeminiConnection(
  options: GeminiConnectionOptions,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): GeminiConnection {
  const variable = (name: string): string | undefined => {
    const value = environment[name]?.trim()
    return value ? value : undefined
  }
  const apiKey = options.apiKey ?? variable('GOOGLE_API_KEY') ?? variable('GEMINI_API_KEY')
  const vertexai = options.vertexai ?? /^(true|1)$/i.test(variable('GOOGLE_GENAI_USE_VERTEXAI') ?? '')
  if (!vertexai) {
    if (apiKey) return { vertexai: false, apiKey }
    throw new ModelError(
      `Gemini model "${options.model}" has no API key: set the GOOGLE_API_KEY (or GEMINI_API_KEY) environment variable, ` +
        'or pass { apiKey } to new Gemini(...). To use Vertex AI instead, set GOOGLE_GENAI_USE_VERTEXAI=true and GOOGLE_CLOUD_PROJECT.',
      { errorCode: MISSING_CREDENTIALS },
    )
  }
  const project = options.project ?? variable('GOOGLE_CLOUD_PROJECT')
  const location = options.location ?? variable('GOOGLE_CLOUD_LOCATION')
  if (project) return location ? { vertexai: true, project, location } : { vertexai: true, project }
  if (apiKey) return { vertexai: true, apiKey }
  throw new ModelError(
    `Gemini model "${options.model}" is set to use Vertex AI but has no project: set the GOOGLE_CLOUD_PROJECT ` +
      '(and GOOGLE_CLOUD_LOCATION) environment variables, or pass { project, location } to new Gemini(...).',
    { errorCode: MISSING_CREDENTIALS },
  )
}
