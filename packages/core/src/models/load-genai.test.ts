import { describe, expect, it } from 'vitest'
import { ConfigError } from '../errors/config-error.js'
import { loadGenai } from './load-genai.js'

const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND'): Error => Object.assign(new Error(message), { code })

describe('loadGenai', () => {
  it('loads @google/genai (a devDependency here)', async () => {
    const genai = await loadGenai('gemini-2.5-flash')
    expect(typeof genai.GoogleGenAI).toBe('function')
  })

  it('names the model and the install command when @google/genai is not installed (ESM and CJS errors)', async () => {
    const esm = notFound(
      "Cannot find package '@google/genai' imported from /app/node_modules/@adk-fluent/core/dist/x.js",
    )
    const error = await loadGenai('gemini-2.5-flash', () => Promise.reject(esm)).catch((caught: unknown) => caught)
    expect(ConfigError.isConfigError(error)).toBe(true)
    expect((error as Error).message).toBe(
      'Gemini model "gemini-2.5-flash" needs the @google/genai package: npm install @google/genai',
    )
    expect((error as Error).cause).toBe(esm)
    const cjs = notFound("Cannot find module '@google/genai'\nRequire stack: …", 'MODULE_NOT_FOUND')
    await expect(loadGenai('gemini-3-pro', () => Promise.reject(cjs))).rejects.toThrow(
      'Gemini model "gemini-3-pro" needs the @google/genai package',
    )
  })

  it('rethrows other failures as they are (a dependency of @google/genai missing, an error while loading)', async () => {
    const dependency = notFound(
      "Cannot find package 'google-auth-library' imported from /app/node_modules/@google/genai/x.mjs",
    )
    await expect(loadGenai('m', () => Promise.reject(dependency))).rejects.toBe(dependency)
    const other = new TypeError('boom')
    await expect(loadGenai('m', () => Promise.reject(other))).rejects.toBe(other)
  })
})
