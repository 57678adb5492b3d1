// The port of @google/adk 2.0's tests of pause and resume (see adk-port/pause-port-harness.test-helper.ts), run on
// adk-fluent. The same cases run on Google's implementation with `pnpm --filter @adk-fluent/bench test:adk-port`.
import { defineIntentMismatchCases } from './adk-port/intent-mismatch.cases.test-helper.js'
import { defineConfirmationCases } from './adk-port/confirmation.cases.test-helper.js'
import { defineLongRunningCases } from './adk-port/long-running.cases.test-helper.js'
import { ours } from './adk-port/ours.test-helper.js'
import { defineRequestInputCases } from './adk-port/request-input.cases.test-helper.js'
import { definePauseInvocationCases } from './adk-port/resumability.cases.test-helper.js'
import { defineUserInputRequestCases } from './adk-port/user-input-requests.cases.test-helper.js'

defineConfirmationCases(ours)
defineRequestInputCases(ours)
defineLongRunningCases(ours)
definePauseInvocationCases(ours)
defineUserInputRequestCases(ours)
defineIntentMismatchCases(ours)
