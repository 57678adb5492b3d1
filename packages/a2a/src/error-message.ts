/** The message of a thrown value, for error texts. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
