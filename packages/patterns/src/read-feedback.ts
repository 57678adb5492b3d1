import { firstField, replyRecord } from './reply-fields.js'

/** The fields a structured reply's feedback is read from, first present wins. */
export const feedbackFields: readonly string[] = Object.freeze([
  'feedback',
  'comments',
  'critique',
  'suggestions',
  'notes',
  'reason',
])

/**
 * The feedback in a reviewer's reply, for the worker's next round: an object's first field among
 * {@link feedbackFields} (text as is, anything else as JSON), or the whole object as JSON when it has none; a text
 * reply whole (trimmed). `undefined` for no reply, a blank one, or a bare number or boolean.
 * @example readFeedback({ score: 0.6, feedback: 'Cite a source.' }) // 'Cite a source.'
 */
export function readFeedback(reply: unknown): string | undefined {
  const record = replyRecord(reply)
  if (record) {
    const field = firstField(record, feedbackFields)
    if (field === undefined) return JSON.stringify(record)
    return typeof field === 'string' ? field.trim() || undefined : JSON.stringify(field)
  }
  return typeof reply === 'string' ? reply.trim() || undefined : undefined
}
