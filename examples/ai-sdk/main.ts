// `pnpm demo:ai-sdk ["prompt"]`: the showcase on an AI SDK model (offline on a fake OpenAI-compatible server unless
// OPENAI_COMPATIBLE_BASE_URL is set).
import { runShowcaseOnAiSdk } from './showcase-on-ai-sdk.js'

await runShowcaseOnAiSdk(process.argv[2] === undefined ? {} : { prompt: process.argv[2] })
