import { BaseTool, type Context, type LlmRequest } from '@adk-fluent/core'

/**
 * A tool that stands in for another: same name, description and declaration; subclasses change how a call runs.
 * @internal
 */
export abstract class ForwardingTool extends BaseTool {
  readonly inner: BaseTool

  constructor(inner: BaseTool) {
    super({ name: inner.name, description: inner.description, isLongRunning: inner.isLongRunning })
    this.inner = inner
  }

  override getDeclaration(): ReturnType<BaseTool['getDeclaration']> {
    return this.inner.getDeclaration()
  }

  /** Lets the inner tool add itself (declaration and all), then takes its place as the one that runs. */
  override async processLlmRequest(request: { toolContext: Context; llmRequest: LlmRequest }): Promise<void> {
    await this.inner.processLlmRequest(request)
    request.llmRequest.toolsDict[this.name] = this
  }
}
