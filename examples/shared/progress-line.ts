import { stringifyContent, type Event } from '@adk-fluent/core'

/** Where progress goes: a terminal gets one live line; anything else gets plain lines. */
export interface ProgressTarget {
  readonly isTTY?: boolean
  write(text: string): unknown
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

/**
 * Shows which agent is working while a run streams events. On a terminal one line is redrawn in place
 * (`⠹ writer is working… 4 events`); when piped, one plain line is written each time another agent starts.
 */
export class ProgressLine {
  readonly #target: ProgressTarget
  #agent: string | undefined
  #events = 0
  #frame = 0
  #timer: ReturnType<typeof setInterval> | undefined

  constructor(target: ProgressTarget) {
    this.#target = target
  }

  /** Records an event: a new author becomes the working agent. */
  update(event: Event): void {
    this.#events++
    if (event.author === 'user' || event.author === this.#agent) {
      this.#redraw()
      return
    }
    this.#agent = event.author
    if (this.#target.isTTY) {
      this.#timer ??= setInterval(() => this.#redraw(), 80)
      this.#redraw()
    } else {
      this.#target.write(`… ${event.author} is working\n`)
    }
  }

  /** Prints a finished answer above the live line. */
  answer(event: Event): void {
    const text = stringifyContent(event)
    if (!text || event.partial) return
    this.#clear()
    this.#target.write(`[${event.author}] ${text.trim()}\n`)
    this.#redraw()
  }

  /** Stops the animation and clears the live line. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    this.#clear()
  }

  #redraw(): void {
    if (!this.#target.isTTY || !this.#agent) return
    this.#frame = (this.#frame + 1) % frames.length
    this.#target.write(`\r\u001b[2K${frames[this.#frame]} ${this.#agent} is working… ${this.#events} events`)
  }

  #clear(): void {
    if (this.#target.isTTY) this.#target.write('\r\u001b[2K')
  }
}
