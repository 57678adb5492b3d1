import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    conditions: ['@adk-fluent/source', 'import', 'module', 'node', 'default'],
  },
  ssr: {
    resolve: {
      // Vitest hands these to its worker threads as Node `--conditions`, which also apply to `require`: an
      // `import` condition there would make CommonJS packages (pg) require the ESM build of a dual package (pg-pool),
      // and a `module` one maps packages such as @opentelemetry/api to a build only a bundler can load.
      conditions: ['@adk-fluent/source', 'node', 'default'],
      externalConditions: ['@adk-fluent/source'],
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts', 'site/src/**/*.test.ts'],
    setupFiles: ['scripts/fail-on-console.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
})
