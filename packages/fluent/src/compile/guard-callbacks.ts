import {
  GuardViolationError,
  type Content,
  type Context,
  type LlmRequest,
  type LlmResponse,
  type Part,
  type SingleAfterModelCallback,
  type SingleBeforeModelCallback,
} from '@adk-fluent/core'
import type { GuardSpec } from '../namespaces/guards/guard-spec.js'
import { findAcross, startOfLast } from '../namespaces/guards/scan-text.js'
import { runJudge } from '../namespaces/guards/run-judge.js'

/** What a guard did to one model call, noted in the event's `customMetadata.guards`. */
export interface GuardNote {
  readonly guard: string
  readonly on: 'input' | 'output'
  readonly action: 'redact'
  readonly found: Readonly<Record<string, number>>
}

type Side = 'input' | 'output'

const looksAt = (guard: GuardSpec, side: Side): boolean => guard.on === side || guard.on === 'both'

function violation(guard: GuardSpec, side: Side, agent: string, detail: string): GuardViolationError {
  const where = side === 'input' ? 'what the model would receive' : "the model's answer"
  return new GuardViolationError(
    guard.name,
    `Guard "${guard.name}" blocked agent "${agent}": ${where} ${detail}. Nothing of it was sent on; remove or redact it, or change the guard.`,
    { agentName: agent },
  )
}

function describeFound(found: Readonly<Record<string, number>>): string {
  return Object.entries(found)
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ')
}

/** Applies a text rewrite to every string inside a JSON-like value; returns the same value when nothing changed. */
function mapStrings(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value)
  if (Array.isArray(value)) {
    let changed = false
    const next = value.map((item) => {
      const mapped = mapStrings(item, rewrite)
      if (mapped !== item) changed = true
      return mapped
    })
    return changed ? next : value
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false
    const next: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const mapped = mapStrings(item, rewrite)
      if (mapped !== item) changed = true
      next[key] = mapped
    }
    return changed ? next : value
  }
  return value
}

/**
 * A part with every text it carries (text, tool result, call arguments) rewritten; the same part if unchanged. With
 * `skipText`, a text part is left as it is (its guard looked at the message's texts together).
 */
function mapPart(part: Part, rewrite: (text: string) => string, skipText: boolean): Part {
  if (typeof part.text === 'string') {
    if (skipText) return part
    const text = rewrite(part.text)
    return text === part.text ? part : { ...part, text }
  }
  if (part.functionResponse?.response) {
    const response = mapStrings(part.functionResponse.response, rewrite) as Record<string, unknown>
    return response === part.functionResponse.response
      ? part
      : { ...part, functionResponse: { ...part.functionResponse, response } }
  }
  if (part.functionCall?.args) {
    const args = mapStrings(part.functionCall.args, rewrite) as Record<string, unknown>
    return args === part.functionCall.args ? part : { ...part, functionCall: { ...part.functionCall, args } }
  }
  return part
}

function mapContent(content: Content, rewrite: (text: string) => string, skipText: boolean): Content {
  const parts = content.parts ?? []
  let changed = false
  const next = parts.map((part) => {
    const mapped = mapPart(part, rewrite, skipText)
    if (mapped !== part) changed = true
    return mapped
  })
  return changed ? { ...content, parts: next } : content
}

/**
 * The text parts of `contents` read as one by a guard that knows where its findings are (`find`), one role at a time:
 * the parts of a message joined as they are, a role's messages joined by a space, so a finding split over parts or
 * over a user's messages (a card number sent in two turns) is found whole and taken out of every part it touches.
 * Returns what was found and the contents with the texts rewritten.
 */
function findInTexts(
  guard: GuardSpec,
  find: NonNullable<GuardSpec['find']>,
  contents: readonly Content[],
): { readonly found: Readonly<Record<string, number>>; readonly contents: Content[] } | undefined {
  const byRole = new Map<string, { content: number; part: number; text: string }[]>()
  contents.forEach((content, index) =>
    (content.parts ?? []).forEach((part, at) => {
      if (typeof part.text !== 'string') return
      const role = content.role ?? ''
      let slots = byRole.get(role)
      if (!slots) byRole.set(role, (slots = []))
      slots.push({ content: index, part: at, text: part.text })
    }),
  )
  const found: Record<string, number> = {}
  const next = [...contents]
  for (const slots of byRole.values()) {
    const joiners = slots.slice(1).map((slot, index) => (slots[index]?.content === slot.content ? '' : ' '))
    const finding = findAcross(
      slots.map((slot) => slot.text),
      joiners,
      find,
      guard.countAs,
    )
    if (!finding) continue
    for (const [kind, count] of Object.entries(finding.found)) found[kind] = (found[kind] ?? 0) + count
    slots.forEach((slot, index) => {
      const text = finding.texts[index] as string
      if (text === slot.text) return
      const content = next[slot.content] as Content
      const parts = [...(content.parts ?? [])]
      parts[slot.part] = { ...(parts[slot.part] as Part), text }
      next[slot.content] = { ...content, parts }
    })
  }
  return Object.keys(found).length > 0 ? { found, contents: next } : undefined
}

/**
 * Runs the scanning guards over every text of `contents`: a `block` finding throws, a `redact` finding rewrites
 * the text. Returns the (possibly new) contents and the notes; content objects are replaced, never changed.
 */
function scanContents(
  guards: readonly GuardSpec[],
  side: Side,
  contents: readonly Content[],
  agent: string,
  notes: GuardNote[],
): Content[] {
  let current = [...contents]
  for (const guard of guards) {
    const scan = guard.scan
    if (!scan || !looksAt(guard, side)) continue
    const found: Record<string, number> = {}
    const add = (counts: Readonly<Record<string, number>>): void => {
      if (guard.action === 'block') throw violation(guard, side, agent, `holds ${describeFound(counts)}`)
      for (const [kind, count] of Object.entries(counts)) found[kind] = (found[kind] ?? 0) + count
    }
    if (guard.find) {
      const inTexts = findInTexts(guard, guard.find, current)
      if (inTexts) {
        add(inTexts.found)
        current = inTexts.contents
      }
    }
    const rewrite = (text: string): string => {
      const finding = scan(text)
      if (!finding) return text
      add(finding.found)
      return finding.redacted
    }
    current = current.map((content) => mapContent(content, rewrite, guard.find !== undefined))
    if (Object.keys(found).length > 0) notes.push({ guard: guard.name, on: side, action: 'redact', found })
  }
  return current
}

function textOf(contents: readonly Content[]): string {
  return contents
    .flatMap((content) => content.parts ?? [])
    .map((part) =>
      typeof part.text === 'string'
        ? part.text
        : part.functionResponse?.response
          ? JSON.stringify(part.functionResponse.response)
          : '',
    )
    .filter((text) => text !== '')
    .join('\n')
}

async function runJudges(guards: readonly GuardSpec[], side: Side, context: Context, text: string): Promise<void> {
  for (const guard of guards) {
    if (!guard.judge || !looksAt(guard, side)) continue
    const verdict = await runJudge(guard, context, text)
    if (verdict.verdict !== 'allow') throw violation(guard, side, context.agentName, `was judged unacceptable`)
  }
}

/** The text of one streamed model call: what the model sent so far, and the (checked) text passed on. */
interface StreamedText {
  raw: string
  sent: string
}

/**
 * Characters of a streamed answer (as a guard reads them: invisible characters and escapes between a finding's
 * characters do not count) held back until more arrives, with the rest of a word they cut: a finding split across
 * chunks (a card number sent as four words, an email of any length) is checked whole before any of it is passed on.
 * Findings with spaces that are longer than this may show partly in partial chunks; the complete response (the one
 * stored) is always checked whole.
 */
const STREAM_HOLD_BACK = 64

const space = /\s/

/** Where the text passed on from `raw` ends: before its last {@link STREAM_HOLD_BACK} characters and the word they cut. */
function releasable(raw: string): number {
  let cut = startOfLast(raw, STREAM_HOLD_BACK)
  while (cut > 0 && !space.test(raw[cut - 1] as string) && !space.test(raw[cut] as string)) cut--
  return cut
}

/**
 * A partial chunk of a guarded answer: the text so far is checked whole (a `block` finding stops the run at once),
 * and the chunk carries only the checked text not passed on yet, minus the last {@link STREAM_HOLD_BACK} characters
 * (they may begin a finding). With a judge among the output guards nothing is passed on before the complete answer
 * is judged.
 */
function releaseChunk(
  guards: readonly GuardSpec[],
  response: LlmResponse,
  stream: StreamedText,
  agent: string,
): LlmResponse {
  const parts = response.content?.parts ?? []
  const rest = parts.filter((part) => typeof part.text !== 'string' || part.thought === true)
  const text = parts
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text)
    .join('')
  stream.raw += text
  const check = (value: string): string => {
    const content = scanContents(guards, 'output', [{ role: 'model', parts: [{ text: value }] }], agent, [])[0]
    return content?.parts?.[0]?.text ?? ''
  }
  const whole = check(stream.raw)
  let release = ''
  if (!guards.some((guard) => guard.judge)) {
    const ready = check(stream.raw.slice(0, releasable(stream.raw)))
    // Passed on only when it agrees with the whole text checked so far (no finding runs across the cut).
    if (ready.length > stream.sent.length && ready.startsWith(stream.sent) && whole.startsWith(ready)) {
      release = ready.slice(stream.sent.length)
      stream.sent = ready
    }
  }
  const checkedRest =
    rest.length > 0 ? (scanContents(guards, 'output', [{ role: 'model', parts: rest }], agent, [])[0]?.parts ?? []) : []
  const content: Content = {
    role: response.content?.role ?? 'model',
    parts: [...(release ? [{ text: release }] : []), ...checkedRest],
  }
  return { ...response, content }
}

/** The guard callbacks of one agent, and the redaction notes they pass from the request to the response event. */
export interface GuardCallbacks {
  readonly beforeModel: SingleBeforeModelCallback
  readonly afterModel: SingleAfterModelCallback
}

/**
 * Compiles `guards` (in order) into a before-model callback (checks and redacts what the model receives; runs after
 * the agent's own before-model callbacks, right before the call) and an after-model callback (checks the answer
 * before the agent's own after-model callbacks see it). Redactions are noted on the model's event as
 * `customMetadata.guards`.
 */
export function guardCallbacks(guards: readonly GuardSpec[]): GuardCallbacks {
  const notesByCall = new WeakMap<Context, GuardNote[]>()
  const inputGuards = guards.filter((guard) => looksAt(guard, 'input'))
  const outputGuards = guards.filter((guard) => looksAt(guard, 'output'))
  const beforeModel: SingleBeforeModelCallback = async ({
    context,
    request,
  }: {
    context: Context
    request: LlmRequest
  }) => {
    if (inputGuards.length === 0) return undefined
    const notes: GuardNote[] = []
    const contents = scanContents(inputGuards, 'input', request.contents, context.agentName, notes)
    for (let index = 0; index < contents.length; index++) {
      if (contents[index] !== request.contents[index]) request.contents[index] = contents[index] as Content
    }
    if (inputGuards.some((guard) => guard.judge)) await runJudges(inputGuards, 'input', context, textOf(contents))
    if (notes.length > 0) notesByCall.set(context, notes)
    return undefined
  }
  const streams = new WeakMap<Context, StreamedText>()
  const afterModel: SingleAfterModelCallback = async ({
    context,
    response,
  }: {
    context: Context
    response: LlmResponse
  }) => {
    if (response.partial && outputGuards.length > 0 && response.errorCode === undefined) {
      let stream = streams.get(context)
      if (!stream) streams.set(context, (stream = { raw: '', sent: '' }))
      return releaseChunk(outputGuards, response, stream, context.agentName)
    }
    const notes = [...(notesByCall.get(context) ?? [])]
    let content = response.content
    if (content && outputGuards.length > 0 && response.errorCode === undefined) {
      content = scanContents(outputGuards, 'output', [content], context.agentName, notes)[0] as Content
      if (!response.partial && outputGuards.some((guard) => guard.judge)) {
        const text = textOf([content])
        if (text !== '') await runJudges(outputGuards, 'output', context, text)
      }
    }
    if (notes.length === 0 && content === response.content) return undefined
    const customMetadata = notes.length > 0 ? { ...response.customMetadata, guards: notes } : response.customMetadata
    return { ...response, ...(content ? { content } : {}), ...(customMetadata ? { customMetadata } : {}) }
  }
  return { beforeModel, afterModel }
}
