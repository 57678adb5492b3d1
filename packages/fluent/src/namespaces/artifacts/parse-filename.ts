import { throwConfigIssue } from '../../parse/config-issue.js'

/** Validates a filename given to `factory`: a non-empty string without surrounding whitespace. @internal */
export function parseFilename(factory: string, filename: unknown): string {
  if (typeof filename !== 'string' || filename.trim().length === 0 || filename.trim() !== filename) {
    throwConfigIssue(
      'artifact_name_invalid',
      [factory],
      `${JSON.stringify(filename) ?? String(filename)} is not a valid artifact filename.`,
      `Pass a name such as 'report.md' (prefix it with 'user:' to share it across the user's sessions).`,
    )
  }
  return filename
}
