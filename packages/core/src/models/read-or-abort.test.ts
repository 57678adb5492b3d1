import { describe, expect, it } from 'vitest'
import { AbortError } from '../errors/runtime-errors.js'
import { readOrAbort } from './read-or-abort.js'

const never = (): Promise<never> => new Promise<never>(() => undefined)

describe('readOrAbort', () => {
  it('returns what the read gives', async () => {
    await expect(
      readOrAbort(
        () => Promise.resolve(7),
        new AbortController().signal,
        (e) => e,
      ),
    ).resolves.toBe(7)
    await expect(
      readOrAbort(
        () => Promise.resolve(8),
        undefined,
        (e) => e,
      ),
    ).resolves.toBe(8)
  })

  it('ends a read the stream never answers with an AbortError once the signal fires, the reason as its cause', async () => {
    const controller = new AbortController()
    const read = readOrAbort(never, controller.signal, (e) => e)
    controller.abort('user stopped')
    const error = await read.catch((caught: unknown) => caught)
    expect(AbortError.isInstance(error)).toBe(true)
    expect((error as AbortError).cause).toBe('user stopped')
  })

  it('does not start a read when the signal fired already', async () => {
    const controller = new AbortController()
    controller.abort()
    let started = false
    const read = readOrAbort(
      () => {
        started = true
        return Promise.resolve(1)
      },
      controller.signal,
      (e) => e,
    )
    await expect(read).rejects.toSatisfy((error: unknown) => AbortError.isInstance(error))
    expect(started).toBe(false)
  })

  it("passes other failures to onError and throws what it returns (the adapter's ModelError)", async () => {
    const mapped = new Error('mapped')
    for (const signal of [undefined, new AbortController().signal]) {
      const read = readOrAbort(
        () => Promise.reject(new TypeError('socket hang up')),
        signal,
        () => mapped,
      )
      await expect(read).rejects.toBe(mapped)
    }
  })
})
