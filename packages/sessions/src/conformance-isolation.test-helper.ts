import type { BaseSessionService, Session } from '@adk-fluent/core'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { code, delta } from './conformance-kit.test-helper.js'
import type { ConformanceTarget } from './conformance.test-helper.js'

/**
 * Tenants on one store (part of the conformance suite): a second app and a second user, with the same session id
 * and the same user id, never see each other's sessions, events, state scopes or leases.
 */
export function describeSessionIsolation(name: string, open: () => Promise<ConformanceTarget>): void {
  describe(`session-service conformance (isolation): ${name}`, () => {
    let target: ConformanceTarget
    let service: BaseSessionService
    const reread = (session: Session) =>
      service.getSession({ appName: session.appName, userId: session.userId, sessionId: session.id })

    beforeAll(async () => {
      target = await open()
      service = target.service
    })
    afterAll(async () => {
      await target?.close()
    })

    it("a second app and a second user on the same store never see each other's sessions or state", async () => {
      const appA = `app_${randomUUID().slice(0, 8)}`
      const appB = `${appA}_b`
      // One session id everywhere, the user id `u` in both apps, and a second user `v` in app A.
      const a = await service.createSession({
        appName: appA,
        userId: 'u',
        sessionId: 's',
        state: { k: 'a', 'app:name': 'A', 'user:name': 'Ann' },
      })
      const b = await service.createSession({ appName: appB, userId: 'u', sessionId: 's', state: { k: 'b' } })
      const c = await service.createSession({ appName: appA, userId: 'v', sessionId: 's', state: { k: 'c' } })
      expect(b.state).toEqual({ k: 'b' })
      expect(c.state).toEqual({ k: 'c', 'app:name': 'A' })

      await service.appendEvent({ session: a, event: delta({ n: 1, 'app:count': 1, 'user:seen': true }) })
      await service.appendEvent({ session: b, event: delta({ n: 2, 'user:seen': false }) })
      const [storedA, storedB, storedC] = await Promise.all([reread(a), reread(b), reread(c)])
      expect(storedA?.state).toEqual({
        k: 'a',
        n: 1,
        'app:name': 'A',
        'app:count': 1,
        'user:name': 'Ann',
        'user:seen': true,
      })
      expect(storedB?.state).toEqual({ k: 'b', n: 2, 'user:seen': false })
      expect(storedC?.state).toEqual({ k: 'c', 'app:name': 'A', 'app:count': 1 })
      expect(storedA?.events.map((event) => event.actions.stateDelta['n'])).toEqual([1])
      expect(storedB?.events.map((event) => event.actions.stateDelta['n'])).toEqual([2])
      expect(storedC?.events).toEqual([])
      expect([storedA?.revision, storedB?.revision, storedC?.revision]).toEqual([1, 1, 0])

      const ids = async (appName: string, userId?: string) =>
        (await service.listSessions({ appName, ...(userId === undefined ? {} : { userId }) })).sessions
          .map((session) => `${session.userId}/${session.id}`)
          .sort()
      expect(await ids(appA)).toEqual(['u/s', 'v/s'])
      expect(await ids(appB)).toEqual(['u/s'])
      expect(await ids(appA, 'v')).toEqual(['v/s'])

      // A view moved to another app (or user) names a session that does not exist there.
      const elsewhere = { ...a, appName: `${appA}_none` }
      expect(await code(service.appendEvent({ session: elsewhere, event: delta({ n: 9 }) }))).toBe('SESSION_NOT_FOUND')

      // A lease is one session's: the same ids under another app or user are free.
      const at = (session: Session) => ({ appName: session.appName, userId: session.userId, sessionId: session.id })
      const held = await service.acquireLease?.({ ...at(a), owner: 'run-a', ttlMs: 30_000 })
      expect(held).toBeDefined()
      expect(await service.acquireLease?.({ ...at(b), owner: 'run-b', ttlMs: 30_000 })).toBeDefined()
      await service.appendEvent({ session: c, event: delta({ n: 3 }) })
      expect((await reread(c))?.revision).toBe(1)

      await service.deleteSession(at(b))
      expect(await reread(b)).toBeUndefined()
      expect((await reread(a))?.state['user:seen']).toBe(true)
      expect((await reread(c))?.events).toHaveLength(1)
    })
  })
}
