// `pnpm demo ["prompt"]`: shows what each model call will see, then runs the pipeline with a live progress line.
import { runShowcase } from './demo.js'

await runShowcase(process.argv[2] === undefined ? {} : { prompt: process.argv[2] })
