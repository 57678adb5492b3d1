import { describe, expect, it } from 'vitest'
import { InMemoryArtifactService } from './in-memory-artifact-service.js'

describe('InMemoryArtifactService keys', () => {
  it("a user id with a slash cannot read another user's session artifact", async () => {
    const service = new InMemoryArtifactService()
    await service.saveArtifact({
      appName: 'app',
      userId: 'alice',
      sessionId: 's1',
      filename: 'reports/q1.txt',
      artifact: { text: 'secret' },
    })
    const forged = { appName: 'app', userId: 'alice/s1', sessionId: 'reports', filename: 'q1.txt' }
    expect(await service.loadArtifact(forged)).toBeUndefined()
    expect(await service.listVersions(forged)).toEqual([])
    expect(await service.listArtifactKeys({ appName: 'app', userId: 'alice/s1', sessionId: 'reports' })).toEqual([])
    await service.deleteArtifact(forged)
    expect(
      await service.loadArtifact({ appName: 'app', userId: 'alice', sessionId: 's1', filename: 'reports/q1.txt' }),
    ).toEqual({ text: 'secret' })
  })

  it('no combination of ids and filenames collides', async () => {
    const service = new InMemoryArtifactService()
    const keys = [
      { appName: 'a/b', userId: 'c', sessionId: 'd', filename: 'e' },
      { appName: 'a', userId: 'b/c', sessionId: 'd', filename: 'e' },
      { appName: 'a', userId: 'b', sessionId: 'c/d', filename: 'e' },
      { appName: 'a', userId: 'b', sessionId: 'c', filename: 'd/e' },
      { appName: 'a', userId: 'b', sessionId: 'user', filename: 'e' },
      { appName: 'a', userId: 'b', sessionId: 'x', filename: 'user:e' },
      { appName: 'a', userId: 'b/user', sessionId: 'x', filename: 'user:e' },
    ]
    for (const [index, key] of keys.entries()) await service.saveArtifact({ ...key, artifact: { text: String(index) } })
    for (const [index, key] of keys.entries()) {
      expect(await service.loadArtifact(key)).toEqual({ text: String(index) })
      expect(await service.listVersions(key)).toEqual([0])
    }
    expect(await service.listArtifactKeys({ appName: 'a', userId: 'b', sessionId: 'c' })).toEqual(['d/e', 'user:e'])
    expect(await service.listArtifactKeys({ appName: 'a', userId: 'b', sessionId: 'user' })).toEqual(['e', 'user:e'])
  })
})
