import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * Validates the text given to a `P` factory: a string with something other than whitespace.
 * @internal
 */
export function parsePromptText(factory: string, text: unknown, what = 'text'): string {
  if (typeof text !== 'string') {
    throwConfigIssue(
      'text_invalid',
      [factory],
      `the ${what} must be a string, got ${text === null ? 'null' : typeof text}.`,
      `Pass the text of the block.`,
    )
  }
  if (text.trim().length === 0) {
    throwConfigIssue(
      'text_invalid',
      [factory],
      `the ${what} is empty.`,
      `Pass the text of the block, or leave the block out.`,
    )
  }
  return text
}
