/** Query parameters of a connection URI that hold a secret (libpq's and the drivers' names). */
const secretParameters = /^(password|pass|pwd|passwd|sslpassword|sslkey|secret|token|auth|authtoken|api[-_]?key)$/i

/**
 * A URI as it may be printed, returned or logged: the password of `user:password@` and the values of secret query
 * parameters (`?password=…`, `?authToken=…`) become `***`. `memory:`, `sqlite:./file.db` and URIs without
 * credentials come back as they are.
 */
export function redactUri(uri: string): string {
  const withoutUserPassword = uri.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, '$1:***@')
  const query = withoutUserPassword.indexOf('?')
  if (query === -1) return withoutUserPassword
  const [search, hash = ''] = withoutUserPassword.slice(query + 1).split(/(?=#)/)
  const parameters = (search ?? '')
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=')
      return value.length > 0 && secretParameters.test(decodeName(name)) ? `${name}=***` : pair
    })
    .join('&')
  return `${withoutUserPassword.slice(0, query)}?${parameters}${hash}`
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}
