/**
 * Every `ConfigIssue.code`: one per kind of configuration problem, snake_case, stable across versions and wordings
 * (a message may be reworded, its code stays). Each is documented in docs/errors.md (a test keeps the two lists
 * equal). Match on `issue.code`, and on `issue.path` for where the problem is.
 */
export const issueCodeDescriptions = {
  // The shape of an option or argument
  options_invalid: 'The options argument is not an options object, or is not one the function accepts.',
  option_missing: 'A required option or argument is missing (or none of the alternatives it needs was given).',
  option_unknown: 'An option the function does not know.',
  option_type_invalid:
    'An option that accepts several types got none of them (a number or a verdict, a state key or a predicate, …).',
  options_conflict:
    'Options that exclude each other were given together, or one contradicts another or the agents it is given.',
  items_missing: 'No items (or too few) where some are needed: rules, names, patterns, cases, keys, agents, guards, …',
  text_invalid: 'Expected a non-empty string.',
  number_invalid: 'A number outside its allowed range, or not a whole number where one is needed.',
  boolean_invalid: 'Expected true or false.',
  choice_invalid: 'A value outside the allowed choices (an action, a mode, a kind, a match type, …).',
  function_invalid: 'Expected a function (a callback, a predicate, a recipe, a key function, …).',
  list_invalid: 'Expected a list, or an item of a list has the wrong shape.',
  record_invalid: 'Expected an object mapping names to values (renames, windows, files, prices, overrides, …).',
  regex_invalid: 'A pattern that is neither a RegExp nor a valid regular expression source.',
  url_invalid: 'Not an absolute http(s) URL.',
  json_invalid: 'Text that is not valid JSON.',
  file_unreadable: 'A file that does not exist, is a directory, or cannot be read.',
  package_missing: 'An optional package the feature needs is not installed.',
  // Names
  agent_name_invalid: 'An agent name that is not an identifier, or is reserved (`user`).',
  duplicate_name: 'Sibling agents (sub-agents of one agent, steps of one workflow) share a name.',
  agent_name_ambiguous: 'Two agents of one tree share a name that a transfer could target.',
  tool_name_invalid: 'A tool name a model API rejects, or a function without a name.',
  tool_name_duplicate: 'Two tools of one agent share a name.',
  section_name_invalid: 'A prompt section name that is empty or not letters, digits, spaces and underscores.',
  artifact_name_invalid: 'An artifact filename that is empty or has surrounding whitespace.',
  mime_type_invalid: 'A MIME type that is not `type/subtype`.',
  plugin_name_duplicate: 'Two plugins of one run share a name (or one plugin is registered twice).',
  session_ids_invalid: 'An app name, user id or session id that is empty or has characters a store cannot keep.',
  // State
  state_key_invalid: 'An invalid or reserved state key.',
  state_key_scoped: 'An `app:`, `user:` or `temp:` key where only session keys are allowed.',
  state_key_clash: 'Two things would write (or read and write) the same state key and hide each other.',
  state_value_invalid: 'A state value that cannot be stored (undefined, not JSON).',
  output_key_missing: 'An agent whose answer is needed downstream stores no answer in state (add `.writes()`).',
  state_not_written: 'A state key is read that no step writes and the initial state does not hold.',
  state_written_later:
    "A state key is read before the step that writes it runs (later in the pipeline, or later in a loop's first round).",
  state_written_by_sibling:
    'A state key is read from a parallel sibling, which runs at the same time (found at `build()`).',
  state_written_elsewhere: 'A state key is written only by a step that does not run before the read (another branch).',
  state_maybe_written:
    'A state key no visible step writes before it is read, though a step with undeclared writes may (`check()` info).',
  // Agents and workflows
  agent_invalid: 'Expected an agent or a builder (a core agent, `Agent(...)`, `Pipeline(...)`, …).',
  agent_parent_conflict: 'An agent given to two parents (an agent belongs to one tree once).',
  agent_not_found: 'A transfer or reference names an agent that is not in the tree.',
  step_invalid: 'Not a pipeline step (a builder, an S transform, an A operation or a function).',
  empty_workflow: 'A workflow (pipeline, fan-out, loop, route, fallback) with nothing to run.',
  graph_invalid:
    'A graph workflow that cannot run as drawn (no START, unreachable nodes, a cycle, duplicate names or routes, or more than one output).',
  node_invalid: "Not a graph node (an agent, a tool, a function (ctx, input) => …, a BaseNode or 'START').",
  edge_invalid: 'An edge item that is neither an Edge nor a chain, or a chain with an empty or doubled routing map.',
  run_id_invalid: 'A custom run id of a graph node that is empty, or all digits where the workflow numbers runs.',
  instruction_invalid:
    'An instruction that is not a string, a P prompt or a function, or a dynamic prompt where a static one is sent.',
  generate_config_invalid:
    'A `generateContentConfig` that sets what has its own option (tools, system instruction, response schema).',
  planner_invalid: 'Not a planner (`BuiltInPlanner`, `PlanReActPlanner`).',
  builder_awaited: 'A builder was awaited (or returned from an async function): a builder is not a promise.',
  // Vocabulary of the namespaces and the runtime
  prompt_invalid:
    'Not a P prompt, or a P prompt used where it does not fit (a block with transforms, `.pipe()` of blocks).',
  context_invalid:
    'Not a C context spec, or one used where it does not fit (`.pipe()` of more than one history policy).',
  transform_invalid: 'Not an S transform, or one used where it does not fit (an async or value-returning recipe).',
  artifact_operation_invalid: 'Not an A operation.',
  tool_invalid: 'Not a tool (or a tool used where it does not fit: settings on a core tool, a built-in tool called).',
  tool_parameters_missing: 'A function with arguments but no parameter schema: the model would see no parameters.',
  tool_unsupported: "A built-in tool the agent's model cannot run, or cannot combine with other tools.",
  tool_context_required: 'Something only a tool call can do (ask for confirmation) was done outside one.',
  guard_invalid: 'Not a G guard.',
  middleware_invalid: 'Not middleware (an M factory or a core plugin).',
  schema_invalid: 'Not a zod schema, or a schema a model or a function declaration cannot carry.',
  template_invalid: 'A template that is empty or not a string.',
  model_invalid: 'Not a model (a model name or a `BaseLlm`), or a model object of an unsupported interface.',
  model_unknown: 'A model name no registered model matches.',
  model_missing: 'A model is needed and none is given (a context stage, an eval judge).',
  openapi_invalid: 'An OpenAPI document that is not OpenAPI 3, or leaves no operation to call.',
  agent_card_invalid: 'An A2A agent card without a name or an interface to call.',
  service_missing: 'A run needs a service (memory, artifacts) it was not given.',
  runner_option_conflict:
    "A run option that names another app, session service or memory service than the runner's own, given with it.",
  message_invalid: 'A new message without parts, or carrying a function call only the runtime may create.',
  artifact_invalid: 'An artifact with no content (no inline data, text or file data).',
  memory_invalid: 'A memory without words, or with a timestamp that is not an ISO 8601 date.',
  memory_unsupported: 'A memory service that does not support the operation.',
  script_exhausted: 'A scripted model (or a preview) ran out of replies.',
  preview_reply_invalid:
    "A preview reply that does not satisfy the agent's output schema, or a preview that made no model call.",
  // Stores and other packages
  session_store_options_invalid: "A session store's constructor options are invalid.",
  session_store_uri_invalid: 'A session or memory store URI with an unknown scheme or no database.',
  session_store_schema_unsupported: 'A database whose session schema cannot be read (an old or different layout).',
  durable_runner_running: 'A second durable runner was started in a process that runs one.',
  eval_set_invalid: 'An eval set file that does not match the eval set schema.',
  eval_config_invalid: 'An eval config that does not match the eval config schema.',
  eval_case_duplicate: 'An eval case id that is already in the eval set.',
  eval_case_missing: 'An eval case id that is not in the eval set.',
  eval_metric_invalid: 'A metric that cannot score (an unknown match type, duplicate or missing rubrics, …).',
  skill_agent_unknown: 'A skill override names an agent the skill does not have.',
  skill_tool_unused: 'A tool injected into a skill that none of its agents uses.',
  agent_file_invalid: 'An agent config or skill file with a problem (its file, line and field are in the issue).',
  // The deprecated constructor form
  config_invalid: 'A `ConfigError` built from a bare message (the deprecated constructor form; adk-fluent never does).',
} as const satisfies Readonly<Record<string, string>>

/** A `ConfigIssue.code`: the closed union of every kind of configuration problem. */
export type IssueCode = keyof typeof issueCodeDescriptions

/** Every issue code, in the order of {@link issueCodeDescriptions}. */
export const issueCodes: readonly IssueCode[] = Object.freeze(Object.keys(issueCodeDescriptions) as IssueCode[])
