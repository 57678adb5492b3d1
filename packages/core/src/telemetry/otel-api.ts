/**
 * The part of `@opentelemetry/api` the runtime uses, declared structurally so that core's published types never
 * refer to the optional peer dependency.
 */
export interface OtelSpan {
  setAttribute(key: string, value: OtelAttributeValue): unknown
  setStatus(status: { code: number; message?: string }): unknown
  recordException(exception: Error): void
  end(): void
  isRecording(): boolean
}

/** An attribute value: a primitive or an array of one primitive type. */
export type OtelAttributeValue = string | number | boolean | readonly string[] | readonly number[]

/** An OpenTelemetry context (opaque here). */
export type OtelContext = object

export interface OtelTracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, OtelAttributeValue> },
    context?: OtelContext,
  ): OtelSpan
}

export interface OtelApi {
  trace: {
    getTracerProvider(): { getDelegate?(): unknown }
    getTracer(name: string, version?: string): OtelTracer
    setSpan(context: OtelContext, span: OtelSpan): OtelContext
  }
  ProxyTracerProvider?: new () => { getDelegate(): unknown }
  context: {
    active(): OtelContext
    with<A extends unknown[], R>(context: OtelContext, fn: (...args: A) => R, thisArg?: unknown, ...args: A): R
  }
}

/** `SpanStatusCode.ERROR` and the span kinds, as numbers (the api's enums). */
export const SPAN_STATUS_ERROR = 2
export const SPAN_KIND_INTERNAL = 0
export const SPAN_KIND_CLIENT = 2

let api: OtelApi | null | undefined
/** The api's no-op tracer provider (the global provider's delegate until the application registers one). */
let noopProvider: unknown
let loading: Promise<OtelApi | null> | undefined

/**
 * `@opentelemetry/api` when the application has it installed, loaded once (`null` when it is not installed). The
 * first call is asynchronous; later calls answer synchronously through {@link loadedOtelApi}.
 */
export function loadOtelApi(): Promise<OtelApi | null> {
  loading ??= import('@opentelemetry/api').then(
    (module) => {
      // The ESM build's default export holds only the singletons (trace, context, …), not the classes: take each
      // from the namespace first, then from a CommonJS default.
      const named = module as Partial<OtelApi> & { default?: Partial<OtelApi> }
      const trace = named.trace ?? named.default?.trace
      const context = named.context ?? named.default?.context
      const Proxy = named.ProxyTracerProvider ?? named.default?.ProxyTracerProvider
      api = trace && context ? { trace, context, ...(Proxy ? { ProxyTracerProvider: Proxy } : {}) } : null
      noopProvider = Proxy ? new Proxy().getDelegate() : undefined
      return api
    },
    () => {
      api = null
      return null
    },
  )
  return loading
}

/** The loaded api, `null` when it is not installed, `undefined` before {@link loadOtelApi} finished. */
export function loadedOtelApi(): OtelApi | null | undefined {
  return api
}

/**
 * True when no tracer provider is registered (the global provider still delegates to the no-op one): a run then
 * makes no span at all, at the cost of this one check.
 */
export function hasNoTracerProvider(otel: OtelApi): boolean {
  return noopProvider !== undefined && otel.trace.getTracerProvider().getDelegate?.() === noopProvider
}
