// The README's tracing snippet (type-checked; the spans it describes are tested in core's telemetry tests).
import { Agent } from '@adk-fluent/fluent'

export async function traced(): Promise<void> {
  // #region tracing
  // 1. Register a tracer provider as usual (here the Node SDK; any OpenTelemetry setup works):
  //      import { NodeSDK } from '@opentelemetry/sdk-node'
  //      new NodeSDK({ traceExporter: new OTLPTraceExporter() }).start()
  // 2. Run: every run now emits GenAI spans, nested as the run nests:
  //      invoke_agent support
  //      ├─ invoke_agent classifier
  //      │  └─ chat gemini-2.5-flash        gen_ai.usage.input_tokens, gen_ai.response.finish_reasons, …
  //      └─ invoke_agent billing
  //         ├─ chat gemini-2.5-flash
  //         └─ execute_tool lookup_order    gen_ai.tool.call.id, errors recorded on the span
  await Agent('helper').ask('Hi', { usageLimits: { modelCalls: 5 } })
  // Prompts and completions are recorded only on request:
  //   runConfig.tracing = { captureContent: true }, or OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true
  // #endregion tracing
}
