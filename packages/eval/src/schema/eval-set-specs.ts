import { contentSpec, functionCallSpec, functionResponseSpec, partSpec } from './genai-specs.js'
import type { FieldSpec, ObjectSpec } from './model.js'

const object = (model: string, fields: readonly FieldSpec[]): ObjectSpec => ({ model, fields })

export const rubricSpec = object('Rubric', [
  { name: 'rubric_id', type: 'string', required: true },
  {
    name: 'rubric_content',
    type: object('RubricContent', [{ name: 'text_property', type: 'string' }]),
    required: true,
  },
  { name: 'description', type: 'string' },
  { name: 'type', type: 'string' },
])

const intermediateDataSpec = object('IntermediateData', [
  { name: 'tool_uses', type: { array: functionCallSpec }, default: [] },
  { name: 'tool_responses', type: { array: functionResponseSpec }, default: [] },
  { name: 'intermediate_responses', type: { array: { tuple: ['string', { array: partSpec }] } }, default: [] },
])

const invocationEventSpec = object('InvocationEvent', [
  { name: 'author', type: 'string', required: true },
  { name: 'content', type: contentSpec },
])

const invocationEventsSpec = object('InvocationEvents', [
  { name: 'invocation_events', type: { array: invocationEventSpec }, default: [] },
])

export const invocationSpec = object('Invocation', [
  { name: 'invocation_id', type: 'string', default: '' },
  { name: 'user_content', type: contentSpec, required: true },
  { name: 'final_response', type: contentSpec },
  {
    name: 'intermediate_data',
    type: {
      union: (raw) =>
        'invocation_events' in raw || 'invocationEvents' in raw ? invocationEventsSpec : intermediateDataSpec,
    },
  },
  { name: 'creation_timestamp', type: 'number', default: 0 },
  { name: 'rubrics', type: { array: rubricSpec } },
  { name: 'app_details', type: 'dict' },
  { name: 'inference_call_count', type: 'integer' },
  { name: 'duration', type: 'number' },
])

export const sessionInputSpec = object('SessionInput', [
  { name: 'app_name', type: 'string', required: true },
  { name: 'user_id', type: 'string', required: true },
  { name: 'state', type: 'dict', default: {} },
  { name: 'session_id', type: 'string' },
])

export const evalCaseSpec = object('EvalCase', [
  { name: 'eval_id', type: 'string', required: true },
  { name: 'conversation', type: { array: invocationSpec } },
  { name: 'conversation_scenario', type: 'dict' },
  { name: 'session_input', type: sessionInputSpec },
  { name: 'creation_timestamp', type: 'number', default: 0 },
  { name: 'rubrics', type: { array: rubricSpec } },
  { name: 'final_session_state', type: 'dict' },
])

/** ADK's `EvalSet`: a plain pydantic model, so its own keys are snake_case only. */
export const evalSetSpec: ObjectSpec = {
  model: 'EvalSet',
  camelCase: false,
  fields: [
    { name: 'eval_set_id', type: 'string', required: true },
    { name: 'name', type: 'string' },
    { name: 'description', type: 'string' },
    { name: 'eval_cases', type: { array: evalCaseSpec }, required: true },
    { name: 'creation_timestamp', type: 'number', default: 0 },
  ],
}
