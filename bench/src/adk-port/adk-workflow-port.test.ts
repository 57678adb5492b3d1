// The port of @google/adk 2.0's workflow tests, run on @google/adk 2.0.0 itself (proof the port says what Google's
// implementation does). `pnpm --filter @adk-fluent/bench test:adk-port`; the same cases run on adk-fluent in
// packages/core/src/workflow/adk-port.test.ts.
import { defineErrorCases } from '../../../packages/core/src/workflow/adk-port/errors.cases.test-helper.js'
import { defineGraphCases } from '../../../packages/core/src/workflow/adk-port/graph.cases.test-helper.js'
import { defineNodeApiCases } from '../../../packages/core/src/workflow/adk-port/node-api.cases.test-helper.js'
import { defineNodeExecutionCases } from '../../../packages/core/src/workflow/adk-port/node-execution.cases.test-helper.js'
import { defineRunnerCases } from '../../../packages/core/src/workflow/adk-port/runner.cases.test-helper.js'
import { defineWorkflowCases } from '../../../packages/core/src/workflow/adk-port/workflow.cases.test-helper.js'
import { defineAdvancedWorkflowCases } from '../../../packages/core/src/workflow/adk-port/advanced-workflow.cases.test-helper.js'
import { google } from './google-impl.js'
import { defineParallelWorkerCases } from '../../../packages/core/src/workflow/adk-port/parallel-worker.cases.test-helper.js'
import { defineDynamicResumeCases } from '../../../packages/core/src/workflow/adk-port/dynamic-resume.cases.test-helper.js'
import { defineBranchPathCases } from '../../../packages/core/src/workflow/adk-port/branch-path.cases.test-helper.js'

defineGraphCases(google)
defineWorkflowCases(google)
defineAdvancedWorkflowCases(google)
defineNodeExecutionCases(google)
defineNodeApiCases(google)
defineErrorCases(google)
defineRunnerCases(google)
defineParallelWorkerCases(google)
defineDynamicResumeCases(google)
defineBranchPathCases(google)
