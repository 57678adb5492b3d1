// The site's getting-started page: its first agent runs offline with the real `adk-fluent` CLI, and the test it shows
// (the region below) passes.
// #region test
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { expect, it } from 'vitest'
import { answer, mockScript } from './agent.js'

it('answers from the facts the researcher wrote', async () => {
  const model = new ScriptedLlm(mockScript) // replies per agent; it records every request
  expect(await answer.ask('How do bees talk?', { model })).toBe(mockScript.writer[0])
  expect(model.requests[1]?.config.systemInstruction).toContain('Bees dance to show where flowers are.')
})
// #endregion test

import { fileURLToPath } from 'node:url'
import { runBin as adkFluent } from '../../../packages/devtools/src/cli/run-bin.test-helper.js'

const file = fileURLToPath(new URL('./agent.ts', import.meta.url))

it('runs offline with `adk-fluent run agent.ts "…"` on its mockScript', async () => {
  const result = await adkFluent(['run', file, 'How do bees talk?'])
  expect(result.stderr).toContain('mockScript')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain(mockScript.writer[0])
})

it('shows both model calls with `adk-fluent anatomy agent.ts`, and `check` finds nothing, before anything runs', async () => {
  const anatomy = await adkFluent(['anatomy', file])
  expect(anatomy.code).toBe(0)
  expect(anatomy.stdout).toContain('List three short facts that answer the question.')
  expect(anatomy.stdout).toContain('{facts}')
  const check = await adkFluent(['check', file])
  expect(check.code).toBe(0)
  expect(check.stdout).not.toMatch(/error|warning/i)
})
