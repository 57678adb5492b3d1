import { describe, expect, it } from 'vitest'
import { CliUsageError } from './cli-usage-error.js'
import { loadSessionsPackage } from './load-sessions-package.js'

// What Node throws when a package is not installed (a real failed import, not a hand-made error).
const notInstalled = () => import(['@adk-fluent', 'sessions-not-installed-here'].join('/'))

describe('loadSessionsPackage (@adk-fluent/sessions is an optional peer of fluent)', () => {
  it('loads the package when it is installed', async () => {
    const sessions = await loadSessionsPackage('sqlite::memory:')
    const service = sessions.openSessionService('sqlite::memory:')
    await service.close()
  })

  it('says what to install when it is not, with the driver of the URI', async () => {
    for (const [uri, install] of [
      ['sqlite:./chat.db', 'npm install @adk-fluent/sessions @libsql/client'],
      ['postgresql://db/app', 'npm install @adk-fluent/sessions pg'],
      ['bogus:', 'npm install @adk-fluent/sessions'],
    ] as const) {
      const error = await loadSessionsPackage(uri, notInstalled).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CliUsageError)
      expect((error as Error).message).toBe(
        `the session store "${uri}" needs the @adk-fluent/sessions package, which is not installed: ${install}`,
      )
    }
  })

  it('passes other failures through', async () => {
    const broken = new Error('boom')
    await expect(loadSessionsPackage('sqlite:./x.db', () => Promise.reject(broken))).rejects.toBe(broken)
  })
})
