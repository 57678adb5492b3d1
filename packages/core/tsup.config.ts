import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  splitting: true,
  tsconfig: 'tsconfig.build.json',
})
