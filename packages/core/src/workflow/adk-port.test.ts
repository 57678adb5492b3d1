// The port of @google/adk 2.0's workflow tests (see adk-port/port-harness.test-helper.ts), run on adk-fluent. The
// same cases run on Google's implementation with `pnpm --filter @adk-fluent/bench test:adk-port`.
import { defineErrorCases } from './adk-port/errors.cases.test-helper.js'
import { defineGraphCases } from './adk-port/graph.cases.test-helper.js'
import { defineNodeApiCases } from './adk-port/node-api.cases.test-helper.js'
import { defineNodeExecutionCases } from './adk-port/node-execution.cases.test-helper.js'
import { ours } from './adk-port/ours.test-helper.js'
import { defineRunnerCases } from './adk-port/runner.cases.test-helper.js'
import { defineWorkflowCases } from './adk-port/workflow.cases.test-helper.js'
import { defineAdvancedWorkflowCases } from './adk-port/advanced-workflow.cases.test-helper.js'
import { defineParallelWorkerCases } from './adk-port/parallel-worker.cases.test-helper.js'
import { defineDynamicResumeCases } from './adk-port/dynamic-resume.cases.test-helper.js'
import { defineBranchPathCases } from './adk-port/branch-path.cases.test-helper.js'

defineGraphCases(ours)
defineWorkflowCases(ours)
defineAdvancedWorkflowCases(ours)
defineNodeExecutionCases(ours)
defineNodeApiCases(ours)
defineErrorCases(ours)
defineRunnerCases(ours)
defineParallelWorkerCases(ours)
defineDynamicResumeCases(ours)
defineBranchPathCases(ours)
