/**
 * `DATABASE_URL` for the durable-workers programs; without it, one line on stderr says what to set and the process
 * exits 2 (no stack trace).
 */
export function databaseUrlOrExit(program: string): string {
  const url = process.env['DATABASE_URL']?.trim()
  if (url) return url
  process.stderr.write(
    `${program}: set DATABASE_URL to a PostgreSQL database, for example: eval "$(scripts/pg-test-server.sh start)" && DATABASE_URL=$ADK_FLUENT_TEST_PG_URL pnpm ${program}\n`,
  )
  process.exit(2)
}
