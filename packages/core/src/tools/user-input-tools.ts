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

/**
 * A long-running tool the model calls to offer the user a choice (`@google/adk`'s `getUserChoiceTool`): its name is
 * `get_user_choice`, its argument `options` (strings). It answers nothing: the call pauses the run as a long-running
 * call, and the client answers with a `functionResponse` named `get_user_choice` with the call's id.
 */
export const getUserChoiceTool = new LongRunningFunctionTool({
  name: 'get_user_choice',
  description: 'Presents a list of options to the user and awaits their selection.',
  parameters: z.object({
    options: z.array(z.string()).describe('List of options to present to the user.'),
  }),
  execute: (_args, context) => {
    context.actions.skipSummarization = true
    return null
  },
})
