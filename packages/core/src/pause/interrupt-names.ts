/**
 * The function names of the runtime's own requests to the client (ADK's framework function calls). A run pauses on
 * a call of one of these names; the client answers with a `functionResponse` of the same name and id. They are never
 * sent to a model, and a client message may not contain a call of these names.
 */
export const REQUEST_CONFIRMATION_FUNCTION_CALL_NAME = 'adk_request_confirmation'
export const REQUEST_CREDENTIAL_FUNCTION_CALL_NAME = 'adk_request_credential'
export const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input'

/** The argument of an `adk_request_input` call that holds the reply's JSON Schema (ADK's spelling on the wire). */
export const RESPONSE_SCHEMA_ARG = 'response_schema'

/** Every framework function name above. */
export const FRAMEWORK_FUNCTION_CALL_NAMES: ReadonlySet<string> = new Set([
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_CREDENTIAL_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
])
