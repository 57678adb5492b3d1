export { judge, length, pii, regex, type GuardOptions } from './guard-factories.js'
export type { GuardAction, GuardChain, GuardFinding, GuardSide, GuardSpec, JudgeVerdict } from './guard-spec.js'
export type { PiiKind } from './pii-detectors.js'
