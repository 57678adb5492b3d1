import { describe, expect, it } from 'vitest'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import {
  backoffDelayMs,
  defaultRetryOptions,
  isRetryableStatus,
  parseRetryAfter,
  resolveRetryOptions,
  waitBeforeRetry,
} from './retry.js'

describe('retry', () => {
  it('retries 429 and 5xx only', () => {
    expect([429, 500, 503, 599].map(isRetryableStatus)).toEqual([true, true, true, true])
    expect([400, 401, 404, 408, 600, undefined].map(isRetryableStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('doubles the delay per retry, caps it and applies jitter between half and all of it', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 500 }
    expect([0, 1, 2, 3].map((index) => backoffDelayMs(index, options, () => 0.999999))).toEqual([100, 200, 400, 500])
    expect([0, 1, 2, 3].map((index) => backoffDelayMs(index, options, () => 0))).toEqual([50, 100, 200, 250])
  })

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('fills defaults and rejects impossible limits with a ConfigError', () => {
    expect(resolveRetryOptions(undefined)).toEqual(defaultRetryOptions)
    expect(resolveRetryOptions({ maxAttempts: 1 }).maxAttempts).toBe(1)
    for (const bad of [{ maxAttempts: 0 }, { maxAttempts: 1.5 }, { initialDelayMs: -1 }]) {
      let caught: unknown
      try {
        resolveRetryOptions(bad)
      } catch (error) {
        caught = error
      }
      expect(AdkFluentError.isInstance(caught) && caught.code).toBe('CONFIG_INVALID')
    }
  })

  it('cuts a wait short when the signal fires, even if sleep ignores it', async () => {
    const controller = new AbortController()
    const neverEnds = (): Promise<void> => new Promise(() => undefined)
    const waiting = waitBeforeRetry(60_000, neverEnds, controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' })
    await expect(waitBeforeRetry(10, neverEnds, controller.signal)).rejects.toMatchObject({ code: 'ABORTED' })
  })

  it('waits with real timers by default', async () => {
    const started = Date.now()
    await waitBeforeRetry(25, defaultRetryOptions.sleep, new AbortController().signal)
    expect(Date.now() - started).toBeGreaterThanOrEqual(20)
  })
})
