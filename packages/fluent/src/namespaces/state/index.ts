export type { StateApply, StateDelta, StateEnv, StateTransform } from './state-transform.js'
export type { StateLogOptions } from './check-transforms.js'
// The one `StatePredicate` (also exported from the package root).
export type { StatePredicate } from '../shared/state-snapshot.js'
export type { MergeFunction } from './write-transforms.js'

export { pick, drop, rename } from './replace-transforms.js'
// API §2.3 names it `S.default()`; `default` cannot be a function name.
export {
  defaultValues as default,
  set,
  merge,
  transform,
  compute,
  accumulate,
  counter,
  capture,
} from './write-transforms.js'
export { guard, require, log, identity } from './check-transforms.js'
export { when, branch } from './flow-transforms.js'
export { produce } from './produce-transform.js'
export type { StateRecipe } from './produce-transform.js'
