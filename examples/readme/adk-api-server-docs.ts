// The code of docs/adk-api-server.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`);
// the page shows the region (`pnpm readme` copies it; examples/readme/readme.test.ts fails when it drifts).
// A script: run on its own, it starts the server on port 8000 and closes it again.
import { Agent } from '@adk-fluent/fluent'

const triage = Agent('triage').instruct('Classify the request.').writes('kind')
const answer = Agent('answer').instruct('Answer the {kind} request.')

// #region server
import { startAdkApiServer } from '@adk-fluent/devtools'
import { openSessionService } from '@adk-fluent/sessions'

const server = await startAdkApiServer({
  apps: { support: triage.then(answer) }, // app name → fluent builder, core agent or core App
  port: 8000, // 0 takes a free port
  sessionService: openSessionService('sqlite:.adk/sessions.db'), // default: in memory
  // artifactService, memoryService, host (default 127.0.0.1), allowedHosts, onBusy ('reject' | 'wait'), adkWeb
  // (true | folder), resumabilityConfig ({ isResumable } of the apps that are not an App)
})
console.log(server.url) // http://127.0.0.1:8000
await server.close()
// #endregion server

// #region app
// desk.ts, served with `adk-fluent api-server desk.ts --adk-web`: the core App is the app "desk", with its plugins and
// resumability (adk-web's confirmation dialog resumes the paused invocation).
import { App, FunctionTool, LlmAgent, LoggingPlugin } from '@adk-fluent/core'
import { z } from 'zod'

const refund = new FunctionTool({
  name: 'refund',
  description: 'Refunds an order.',
  parameters: z.object({ order: z.number() }),
  execute: ({ order }) => ({ refunded: order }),
  requireConfirmation: true,
})

export const app = new App({
  name: 'desk',
  rootAgent: new LlmAgent({ name: 'desk', model: 'gemini-2.5-flash', instruction: 'Refund orders.', tools: [refund] }),
  plugins: [new LoggingPlugin()],
  resumabilityConfig: { isResumable: true },
})
// #endregion app
