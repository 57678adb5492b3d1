// Ported from google/adk-js core/test/workflow/branch_path_test.ts and run_node_as_invocation_test.ts (the public
// helpers): BranchPath, createSubBranch / commonPrefixOf, asRunnableRoot / isRunnableRoot.
import { describe, expect, it } from 'vitest'
import type { Any, PortImpl } from './port-harness.test-helper.js'

export function defineBranchPathCases(impl: PortImpl): void {
  const { BranchPath, createSubBranch, commonPrefixOf, asRunnableRoot, isRunnableRoot, FunctionNode } = impl.adk

  describe('branch_path_test — BranchPath and the branch helpers', () => {
    it('joins segments, appends name@runId, copies its segments', () => {
      const path = new BranchPath(['wf', 'a@1'])
      expect(path.toString()).toBe('wf.a@1')
      expect(path.append('b', '2').toString()).toBe('wf.a@1.b@2')
      expect(path.append('c').toString()).toBe('wf.a@1.c')
      const segments = path.getSegments()
      segments.push('x')
      expect(path.toString()).toBe('wf.a@1')
    })

    it('isDescendantOf: strictly longer and sharing the ancestor segments', () => {
      const parent = new BranchPath(['wf'])
      expect(new BranchPath(['wf', 'a']).isDescendantOf(parent)).toBe(true)
      expect(parent.isDescendantOf(parent)).toBe(false)
      expect(new BranchPath(['wx', 'a']).isDescendantOf(parent)).toBe(false)
    })

    it('createSubBranch and commonPrefixOf', () => {
      expect(createSubBranch('parent', { name: 'child', runId: '1' })).toBe('parent.child@1')
      expect(createSubBranch(undefined, { name: 'child' })).toBe('child')
      expect(commonPrefixOf(['wf.a.b', 'wf.a.c', 'wf.a'])).toBe('wf.a')
      expect(commonPrefixOf(['x.a', 'y.a'])).toBe('')
      expect(commonPrefixOf([])).toBe('')
    })
  })

  describe('run_node_as_invocation_test — asRunnableRoot', () => {
    it('passes a workflow or an agent through; wraps a node or a named function in a one-node workflow', async () => {
      const agent = impl.echoAgent('echo', 'hi')
      expect(asRunnableRoot(agent)).toBe(agent)
      expect(isRunnableRoot(agent)).toBe(true)
      expect(isRunnableRoot(new FunctionNode('f', () => 1))).toBe(false)
      function shout(_ctx: Any, text: string) {
        return `${text}!`
      }
      const root = asRunnableRoot(shout)
      expect(root.name).toBe('shout')
      expect(isRunnableRoot(root)).toBe(true)
      const { events } = await impl.runViaRunner(root, 'hey')
      expect(events.some((event: Any) => event.output === 'hey!')).toBe(true)
      expect(() => asRunnableRoot('START')).toThrow(/START/)
    })
  })
}
