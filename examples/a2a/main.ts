// `pnpm demo:a2a ["prompt"]`: a shop pipeline calling a pricing agent served over A2A (offline unless GOOGLE_API_KEY).
import { runA2aExample } from './run-a2a-example.js'

await runA2aExample(process.argv[2] === undefined ? {} : { prompt: process.argv[2] })
