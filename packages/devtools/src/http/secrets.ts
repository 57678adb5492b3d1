/** Names of environment variables that hold a secret (`GOOGLE_API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`, …). */
const secretName = /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|AUTH)(?:_|$)|KEY$/i

/** Shapes of secrets whatever their source: a URI's password, secret query parameters, bearer tokens, Google keys. */
const secretShapes: readonly [RegExp, string][] = [
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):[^\s/?#@]*@/gi, '$1:***@'],
  [/([?&](?:key|api[-_]?key|access[-_]?token|token|password|secret|auth)=)[^\s&#'"]+/gi, '$1***'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, '$1 ***'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, '***'],
]

/**
 * `text` without the secrets a server knows of: the values (8 characters or more) of environment variables whose name
 * says they are secret (`*_API_KEY`, `*_TOKEN`, `*_SECRET`, `*PASSWORD*`, …), a URI's password, secret query parameters
 * (`?key=…`), bearer tokens and Google API keys, each replaced by `***`. For error messages and log lines only (it
 * reads the environment on each call).
 */
export function withoutSecrets(text: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  let result = text
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < 8 || !secretName.test(name)) continue
    if (result.includes(value)) result = result.split(value).join('***')
  }
  for (const [shape, replacement] of secretShapes) result = result.replace(shape, replacement)
  return result
}
