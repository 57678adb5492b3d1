// A worker process for the durability test (started with tsx): runs the 40-node workflow on a SQLite file and kills
// itself (SIGKILL: no cleanup, no lease release) right after the `killAfter`-th node completion was stored.
import { SqliteSessionService } from '../sqlite/sqlite-session-service.js'
import { runForty } from './forty-node-run.test-helper.js'

const [dbPath = '', logPath = '', sessionId = '', killAfter = '0'] = process.argv.slice(2)
await runForty(new SqliteSessionService(dbPath), sessionId, logPath, (count) => {
  if (count === Number(killAfter)) process.kill(process.pid, 'SIGKILL')
})
process.stdout.write('finished\n')
