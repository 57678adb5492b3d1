import { describe, expect, it } from 'vitest'
import { AdkFluentError, endsTheRun } from './adk-fluent-error.js'
import { ConfigError } from './config-error.js'
import { errorCodeInfo, errorCodes, registerErrorCode } from './error-codes.js'
import {
  AbortError,
  InternalError,
  MaxTurnsError,
  ModelError,
  SessionNotFoundError,
  StateError,
  ToolError,
  ToolRetriesExceededError,
  UsageLimitError,
} from './runtime-errors.js'
import { assertStateDelta } from '../sessions/reserved-state-key.js'
import { AlreadyExistsError, SessionBusyError, SessionStoreError, StaleSessionError } from './session-errors.js'

const instances = [
  new ConfigError('c'),
  new StateError('s'),
  new ToolError('t'),
  new ToolRetriesExceededError('r'),
  new ModelError('m'),
  new MaxTurnsError('x'),
  new UsageLimitError('u'),
  new SessionNotFoundError('n'),
  new AbortError(),
  new InternalError('i'),
  new StaleSessionError('st'),
  new SessionBusyError('b'),
  new AlreadyExistsError('e'),
  new SessionStoreError('f'),
]

describe('one error model', () => {
  it('every class recognises its own instances only (AbortError.isInstance(modelError) is false)', () => {
    const classes = instances.map((error) => error.constructor as typeof AdkFluentError)
    for (const errorClass of classes) {
      for (const error of instances) {
        expect(errorClass.isInstance(error), `${errorClass.name}.isInstance(${error.name})`).toBe(
          error.constructor === errorClass,
        )
      }
    }
    for (const error of instances) expect(AdkFluentError.isInstance(error)).toBe(true)
    expect(AbortError.isInstance(new ModelError('m'))).toBe(false)
    expect(ModelError.isInstance(new Error('plain'))).toBe(false)
  })

  it('a subclass is recognised by its own class and every class above it', () => {
    class RunCancelled extends AbortError {}
    const error = new RunCancelled('gone')
    expect([RunCancelled.isInstance(error), AbortError.isInstance(error), AdkFluentError.isInstance(error)]).toEqual([
      true,
      true,
      true,
    ])
    expect(RunCancelled.isInstance(new AbortError())).toBe(false)
  })

  it('the marker is a Symbol.for key, so a copy of the package recognises it too', () => {
    const error = new ModelError('m')
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('adk-fluent.error.ModelError')]).toBe(true)
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('adk-fluent.error')]).toBe(true)
  })

  it('every code is registered, each class has one stable code, and StateError has STATE_KEY_INVALID', () => {
    for (const error of instances) expect(errorCodeInfo(error.code), error.code).toBeDefined()
    expect(new StateError('bad key', { code: 'STATE_KEY_INVALID' }).code).toBe('STATE_KEY_INVALID')
    expect(new ToolRetriesExceededError('r').code).toBe('TOOL_RETRIES_EXCEEDED')
    const delta = JSON.parse('{"__proto__": 1}') as Record<string, unknown>
    let reserved: unknown
    try {
      assertStateDelta(delta, 'appendEvent()')
    } catch (error) {
      reserved = error
    }
    expect(StateError.isInstance(reserved) && reserved.code).toBe('STATE_KEY_INVALID')
    expect(endsTheRun(new AbortError())).toBe(true)
    expect(endsTheRun(new ModelError('m'))).toBe(false)
  })

  it('packages register their own codes (UPPER_SNAKE_CASE; the same code twice must agree)', () => {
    registerErrorCode('TEST_GUARD_VIOLATION', { endsTheRun: false, description: 'A guard blocked a reply.' })
    registerErrorCode('TEST_GUARD_VIOLATION', { endsTheRun: false, description: 'Same, from a second copy.' })
    expect(errorCodes()).toContain('TEST_GUARD_VIOLATION')
    expect(() => registerErrorCode('TEST_GUARD_VIOLATION', { endsTheRun: true, description: '' })).toThrow(
      'already registered',
    )
    expect(() => registerErrorCode('guard-violation', { endsTheRun: false, description: '' })).toThrow(
      'UPPER_SNAKE_CASE',
    )
    registerErrorCode('TEST_STORE_DOWN', { endsTheRun: true, description: 'A store failed.' })
    class StoreDown extends AdkFluentError {
      constructor() {
        super('TEST_STORE_DOWN' as never, 'down')
      }
    }
    expect(endsTheRun(new StoreDown())).toBe(true)
  })
})
