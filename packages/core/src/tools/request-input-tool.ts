import { z } from 'zod'
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../pause/interrupt-names.js'
import { LongRunningFunctionTool } from './function-tool.js'

/**
 * A long-running tool the model calls to ask the user something (`@google/adk`'s `requestInputTool`): its name is
 * `adk_request_input`, its arguments `message` and an optional `response_schema` (the spelling a `RequestInput`
 * pause uses on the wire, so clients read one key either way). It answers nothing: the model's call is the pause
 * (listed by `getUserInputRequests` and the session's pending interrupts as an `input`), and the client answers it
 * with a `functionResponse` named `adk_request_input` with the call's id.
 */
export const requestInputTool = new LongRunningFunctionTool({
  name: REQUEST_INPUT_FUNCTION_CALL_NAME,
  description: 'Presents a custom message to the user and awaits unstructured or structured input.',
  parameters: z.object({
    message: z.string().describe('The prompt for the user.'),
    response_schema: z.record(z.string(), z.unknown()).optional().describe('Expected schema of the response.'),
  }),
  execute: (_args, context) => {
    context.actions.skipSummarization = true
    return null
  },
})
