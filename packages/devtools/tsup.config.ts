import { defineConfig } from 'tsup'

// `cli` is what bin/adk-fluent.mjs runs in an installed package; the dev UI's page (src/web/ui) is copied to
// dist/ui by scripts/copy-ui.mjs after this build (see the package's build script).
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  tsconfig: 'tsconfig.build.json',
})
