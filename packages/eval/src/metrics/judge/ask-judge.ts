import { ModelError, type BaseLlm, type LlmRequestConfig } from '@adk-fluent/core'

/** Sends one prompt to the judge model as a single user turn and returns the text of its final response. */
export async function askJudge(
  judge: BaseLlm,
  prompt: string,
  config: Readonly<Record<string, unknown>> | undefined,
): Promise<string> {
  const request = {
    model: judge.model,
    contents: [{ role: 'user', parts: [{ text: prompt }] }],
    config: { ...(config ?? {}) } as LlmRequestConfig,
    toolsDict: {},
  }
  let text = ''
  for await (const response of judge.generateContentAsync(request, false)) {
    if (response.partial) continue
    if (response.errorCode !== undefined)
      throw new ModelError(`judge model error ${response.errorCode}: ${response.errorMessage ?? ''}`, {
        errorCode: response.errorCode,
      })
    text = (response.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('')
  }
  return text
}

/** Runs `count` samples concurrently, at most `limit` at a time, results in order. */
export async function sample<T>(count: number, run: () => Promise<T>, limit = 5): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await run()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker))
  return results
}
