import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    conditions: ['@adk-fluent/source', 'import', 'module', 'node', 'default'],
  },
  ssr: {
    resolve: {
      conditions: ['@adk-fluent/source', 'import', 'module', 'node', 'default'],
      externalConditions: ['@adk-fluent/source'],
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['scripts/fail-on-console.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
})
