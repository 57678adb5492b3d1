import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  tsconfig: 'tsconfig.build.json',
})
