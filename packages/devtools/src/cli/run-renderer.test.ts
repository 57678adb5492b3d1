import { describe, expect, it } from 'vitest'
import { createEvent, type Event } from '@adk-fluent/core'
import type { CliOutput } from './cli-io.js'
import { createPlainRenderer, createTerminalRenderer } from './run-renderer.js'

function output(isTTY: boolean): CliOutput & { text: string } {
  const stream = {
    text: '',
    isTTY,
    write(chunk: string) {
      stream.text += chunk
      return true
    },
  }
  return stream
}

const say = (author: string, text: string, partial = false): Event =>
  createEvent({ author, content: { role: 'model', parts: [{ text }] }, ...(partial ? { partial: true } : {}) })

const calls = (author: string): Event =>
  createEvent({
    author,
    content: { role: 'model', parts: [{ functionCall: { name: 'search', args: { q: 'cats' } } }] },
  })

const answers = (author: string): Event =>
  createEvent({
    author,
    content: { role: 'user', parts: [{ functionResponse: { name: 'search', response: { hits: 2 } } }] },
  })

describe('terminal renderer', () => {
  it('streams each agent answer after its name, with tool activity and a spinner naming the agent at work', () => {
    const stdout = output(true)
    const stderr = output(true)
    const renderer = createTerminalRenderer(stdout, stderr, 'flow', 60_000)
    for (const event of [
      calls('writer'),
      answers('writer'),
      say('writer', 'Cats ', true),
      say('writer', 'nap.', true),
      say('writer', 'Cats nap.'),
      say('critic', 'Fine.'),
    ]) {
      renderer.event(event)
    }
    renderer.finish()
    expect(stdout.text).toBe('  → search({"q":"cats"})\n  ← search: {"hits":2}\nwriter: Cats nap.\ncritic: Fine.\n')
    const spinnerLines = stderr.text.split('\r\u001b[K').filter((line) => line.length > 0)
    expect(spinnerLines[0]).toBe('⠋ flow is working…')
    expect(spinnerLines).toContain('⠙ writer is working…')
    expect(stderr.text.endsWith('\r\u001b[K')).toBe(true)
  })
})

describe('plain renderer', () => {
  it('prints one [agent] line per reply, call and result, and skips streamed chunks', () => {
    const stdout = output(false)
    const renderer = createPlainRenderer(stdout)
    for (const event of [say('writer', 'Cats ', true), calls('writer'), answers('writer'), say('writer', 'Cats nap.')])
      renderer.event(event)
    renderer.event(createEvent({ author: 'critic', errorCode: 'MODEL_FAILED', errorMessage: 'quota exceeded' }))
    expect(stdout.text).toBe(
      '[writer] → search({"q":"cats"})\n[writer] ← search: {"hits":2}\n[writer] Cats nap.\n[critic] error: quota exceeded\n',
    )
  })
})

describe('terminal renderer with agents streaming at once', () => {
  it('streams one agent live and shows the others as whole blocks, never interleaving their texts', () => {
    const stdout = output(true)
    const renderer = createTerminalRenderer(stdout, output(true), 'fan', 60_000)
    const chunk = (author: string, text: string, partial = true): Event => ({
      ...say(author, text, partial),
      branch: `fan.${author}`,
    })
    const events = [
      chunk('bees', '- Bees '),
      chunk('ants', '- Ants '),
      chunk('bees', 'buzz'),
      chunk('wasps', '- Wasps sting', false),
      chunk('ants', 'march'),
      chunk('ants', '- Ants march', false),
      { ...calls('ants'), branch: 'fan.ants' },
      chunk('bees', '- Bees buzz', false),
      chunk('ants', 'Done.'),
      chunk('ants', 'Done.', false),
    ]
    for (const event of events) renderer.event(event)
    renderer.finish()
    expect(stdout.text).toBe(
      'bees: - Bees buzz\nwasps: - Wasps sting\nants: - Ants march\n  → search({"q":"cats"})\nants: Done.\n',
    )
  })
})
