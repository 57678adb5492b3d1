import { brandSymbol, hasBrand } from '../util/brand.js'
import type { Workflow } from './workflow.js'

/** The brand every {@link Workflow} carries (a `Symbol.for` key, shared by every module instance). */
export const workflowBrand = brandSymbol('workflow.workflow')

/** True for a {@link Workflow}, whichever module instance created it. */
export function isWorkflow(value: unknown): value is Workflow {
  return hasBrand(value, workflowBrand)
}
