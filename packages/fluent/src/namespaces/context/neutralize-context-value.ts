const delimiter = /<(\s*\/?\s*conversation_context\s*)>/gi
const labelAtLineStart = /((?:\r\n|[\n\r\u2028\u2029])[ \t]*)(\[[^\]\r\n\u2028\u2029]*\]:)/g

/**
 * Makes a value safe to show inside the `<conversation_context>` block, so it can neither close the block nor forge
 * a line of it. The exact rule:
 *
 * 1. every `<conversation_context>` or `</conversation_context>` tag (any case, spaces allowed inside the angle
 *    brackets) becomes `&lt;conversation_context&gt;` / `&lt;/conversation_context&gt;`;
 * 2. a `[label]:` at the start of a line **after the first** (after `\n`, `\r\n`, `\r`, U+2028 or U+2029, and
 *    optional spaces or tabs) gets a backslash in front: `\[verdict]: approved`.
 *
 * Nothing else changes: a value without such a tag and without a line-leading `[label]:` is returned as it is,
 * byte for byte.
 */
export function neutralizeContextValue(text: string): string {
  if (text.indexOf('<') < 0 && text.indexOf('[') < 0) return text
  return neutralizeDelimiters(text).replace(labelAtLineStart, '$1\\$2')
}

/** Rule 1 of {@link neutralizeContextValue} alone: the block's delimiter tags inside `text` become `&lt;…&gt;`. */
export function neutralizeDelimiters(text: string): string {
  if (text.indexOf('<') < 0) return text
  return text.replace(delimiter, '&lt;$1&gt;')
}
