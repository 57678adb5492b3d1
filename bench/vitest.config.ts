import { defineConfig } from 'vitest/config'

// Only the ported @google/adk workflow tests run here (`pnpm --filter @adk-fluent/bench test:adk-port`): they need
// @google/adk, a bench-only dependency. Benchmarks are not tests.
export default defineConfig({
  resolve: { conditions: ['@adk-fluent/source', 'import', 'module', 'node', 'default'] },
  test: {
    include: ['src/adk-port/**/*.test.ts'],
    setupFiles: ['../scripts/fail-on-console.ts'],
    testTimeout: 20_000,
  },
})
