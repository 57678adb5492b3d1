import { afterAll, beforeAll, beforeEach } from 'vitest'
import { trace } from '@opentelemetry/api'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'

/**
 * Installs a global tracer provider for the test file that calls it (removed after its tests) and returns the
 * exporter holding the finished spans, emptied before each test.
 */
export function recordSpans(): InMemorySpanExporter {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider)
  })
  afterAll(async () => {
    trace.disable()
    await provider.shutdown()
  })
  beforeEach(() => exporter.reset())
  return exporter
}
