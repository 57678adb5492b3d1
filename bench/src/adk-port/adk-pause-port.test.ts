// The port of @google/adk 2.0's tests of pause and resume (confirmation, request input, long-running tools,
// resumability), run on @google/adk 2.0.0 itself: proof the port says what Google's implementation does. A case it
// fails runs as an expected failure with the reason in its title. `pnpm --filter @adk-fluent/bench test:adk-port`;
// the same cases run on adk-fluent in packages/core/src/pause/adk-port.test.ts.
import { defineIntentMismatchCases } from '../../../packages/core/src/pause/adk-port/intent-mismatch.cases.test-helper.js'
import { defineConfirmationCases } from '../../../packages/core/src/pause/adk-port/confirmation.cases.test-helper.js'
import { defineLongRunningCases } from '../../../packages/core/src/pause/adk-port/long-running.cases.test-helper.js'
import { defineRequestInputCases } from '../../../packages/core/src/pause/adk-port/request-input.cases.test-helper.js'
import { definePauseInvocationCases } from '../../../packages/core/src/pause/adk-port/resumability.cases.test-helper.js'
import { defineUserInputRequestCases } from '../../../packages/core/src/pause/adk-port/user-input-requests.cases.test-helper.js'
import { googlePause } from './google-pause-impl.js'

defineConfirmationCases(googlePause)
defineRequestInputCases(googlePause)
defineLongRunningCases(googlePause)
definePauseInvocationCases(googlePause)
defineUserInputRequestCases(googlePause)
defineIntentMismatchCases(googlePause)
