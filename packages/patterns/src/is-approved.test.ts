import { describe, expect, it } from 'vitest'
import { isApproved } from './is-approved.js'

describe('isApproved', () => {
  it.each([
    [true],
    ['APPROVED'],
    ['Approved. Ship it.'],
    ['yes'],
    ['OK, ship it'],
    ['true'],
    ['Accept'],
    [{ approved: true, feedback: 'x' }],
    [{ approved: 'Yes' }],
    [{ decision: 'accept' }],
    ['{"approved": true}'],
    ['Thanks for the draft.\nDecision: approved'],
  ])('approves %j', (reply) => {
    expect(isApproved(reply, 'approved')).toBe(true)
  })

  it.each([
    [false],
    ['Not approved: fix the tone.'],
    ['no'],
    ['Rejected'],
    ['Approved?'],
    ['okay then'],
    ['{"approved": false, "feedback": "Too long."}'],
    [{ feedback: 'no decision given' }],
    [undefined],
    [1],
  ])('rejects %j', (reply) => {
    expect(isApproved(reply, 'approved')).toBe(false)
  })

  it('reads the decision under a custom approval key first', () => {
    expect(isApproved({ signed_off: 'yes', approved: false }, 'signed_off')).toBe(true)
    expect(isApproved('Signed off: no\nApproved: yes', 'signed_off')).toBe(false)
  })
})
