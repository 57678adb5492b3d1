import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { exitLoop } from '@adk-fluent/core'
import { z } from 'zod'
import { fn } from '../namespaces/tools/index.js'
import { call } from '@adk-fluent/core/testing'
import * as C from '../namespaces/context/index.js'
import { googleSearch, mcp } from '../namespaces/tools/ecosystem-factories.js'
import { Agent, Loop, Pipeline } from '../builders/workflow-factories.js'
import { loadAgentConfig } from './load-agent-config.js'
import { AgentFileError } from './agent-file-error.js'
import { expectSameAgent, thrown } from './same-requests.test-helper.js'
import type { AgentBuilder } from '../builders/agent-builder.js'

const samples = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'adk-samples')
const sample = (name: string, file = 'root_agent.yaml') => join(samples, name, file)
const lines = (...text: string[]) => `${text.join('\n')}\n`

// Each of google/adk-python's sample agent configs (fixtures written to the same shapes) against the same agent
// written with the builders: every model request of a previewed run, the anatomy and explain must be equal.
describe("ADK's sample agent configs load into the builders you would write", () => {
  it('multi_agent_basic_config: an LlmAgent with two sub-agents by config_path', async () => {
    const codeTutor = Agent('code_tutor_agent')
      .describe('Coding tutor that helps students learn programming concepts and solve coding problems.')
      .instruct(
        lines(
          'You are a helpful coding tutor that specializes in teaching programming concepts.',
          '',
          'Your role is to:',
          '1. Explain programming concepts clearly and simply',
          '2. Help debug code issues',
          '3. Provide code examples to illustrate concepts',
          '4. Guide students through problem-solving approaches',
          '5. Encourage good coding practices',
        ),
      )
    const mathTutor = Agent('math_tutor_agent')
      .describe('Math tutor that helps students with mathematical concepts and problems.')
      .instruct(
        lines(
          'You are a helpful math tutor that specializes in teaching mathematical concepts.',
          '',
          'Your role is to:',
          '1. Explain mathematical concepts clearly',
          '2. Show step-by-step solutions to problems',
          '3. Use examples and analogies when helpful',
        ),
      )
    const root = Agent('root_agent', 'gemini-2.5-flash')
      .describe('Learning assistant that provides tutoring in code and math.')
      .instruct(
        lines(
          'You are a learning assistant that helps students with coding and math questions.',
          '',
          'You delegate coding questions to the code_tutor_agent and math questions to the math_tutor_agent.',
          '',
          'Follow these steps:',
          '1. If the user asks about programming or coding, delegate to the code_tutor_agent.',
          '2. If the user asks about math concepts or problems, delegate to the math_tutor_agent.',
          '3. Always provide clear explanations and encourage learning.',
        ),
      )
      .subAgents(codeTutor, mathTutor)
    const loaded = loadAgentConfig(sample('multi_agent_basic_config'))
    const requests = await expectSameAgent(
      loaded,
      root,
      {
        userMessage: 'What is a prime number?',
        replies: { root_agent: [call('transfer_to_agent', { agent_name: 'math_tutor_agent' })] },
      },
      expect,
    )
    expect(requests.map((request) => request.agent)).toEqual(['root_agent', 'math_tutor_agent'])
    expect(requests[0]?.tools).toEqual(['transfer_to_agent'])
    expect(loaded.build().subAgents.map((agent) => agent.name)).toEqual(['code_tutor_agent', 'math_tutor_agent'])
  })

  it('multi_agent_seq_config: a SequentialAgent whose agents pass state by output_key and {templates}', async () => {
    const writer = Agent('CodeWriterAgent', 'gemini-2.5-flash')
      .describe('Writes initial Python code based on a specification.')
      .instruct(
        lines(
          'You are a Python Code Generator.',
          "Based *only* on the user's request, write Python code that fulfills the requirement.",
          'Output *only* the complete Python code block, enclosed in triple backticks (```python ... ```).',
          'Do not add any other text before or after the code block.',
        ),
      )
      .writes('generated_code')
    const reviewer = Agent('CodeReviewerAgent', 'gemini-2.5-flash')
      .describe('Reviews code and provides feedback.')
      .instruct(
        lines(
          'You are an expert Python Code Reviewer.',
          'Your task is to provide constructive feedback on the provided code.',
          '',
          '**Code to Review:**',
          '```python',
          '{generated_code}',
          '```',
          '',
          '**Review Criteria:**',
          '1.  **Correctness:** Does the code work as intended? Are there logic errors?',
          '2.  **Readability:** Is the code clear and easy to understand? Follows PEP 8 style guidelines?',
          '',
          '**Output:**',
          'Provide your feedback as a concise, bulleted list. If the code is excellent, simply state "No major issues found."',
        ),
      )
      .writes('review_comments')
    const refactorer = Agent('CodeRefactorerAgent', 'gemini-2.5-flash')
      .describe('Refactors code based on review comments.')
      .instruct(
        lines(
          'You are a Python Code Refactoring AI.',
          'Your goal is to improve the given Python code based on the provided review comments.',
          '',
          '**Original Code:**',
          '```python',
          '{generated_code}',
          '```',
          '',
          '**Review Comments:**',
          '{review_comments}',
          '',
          '**Output:**',
          'Output *only* the final, refactored Python code block, enclosed in triple backticks (```python ... ```).',
        ),
      )
      .writes('refactored_code')
    const pipeline = Pipeline('CodePipelineAgent')
      .describe('Executes a sequence of code writing, reviewing, and refactoring.')
      .step(writer)
      .step(reviewer)
      .step(refactorer)
    const loaded = loadAgentConfig(sample('multi_agent_seq_config'))
    const requests = await expectSameAgent(
      loaded,
      pipeline,
      {
        userMessage: 'Write a function that adds two numbers.',
        replies: { CodeWriterAgent: ['def add(a, b): return a + b'] },
      },
      expect,
    )
    expect(requests.map((request) => request.agent)).toEqual([
      'CodeWriterAgent',
      'CodeReviewerAgent',
      'CodeRefactorerAgent',
    ])
    expect(JSON.stringify(requests[1]?.config)).toContain('def add(a, b): return a + b')
    expect(loaded.check()).toEqual(pipeline.check())
  })

  it('multi_agent_loop_config: a LoopAgent (max_iterations) with exit_loop and include_contents: none', async () => {
    const agent = (name: string, description: string, instruction: string, key: string) =>
      Agent(name, 'gemini-2.5-flash').describe(description).context(C.currentTurn()).instruct(instruction).writes(key)
    const loaded = loadAgentConfig(sample('multi_agent_loop_config'))
    const initial = lines(
      'You are a Creative Writing Assistant tasked with starting a story.',
      'Write the *first draft* of a short story (aim for 2-4 sentences).',
      'Base the content *only* on the topic provided below. Try to introduce a specific element (like a character, a setting detail, or a starting action) to make it engaging.',
      'Topic: {topic}',
      '',
      'Output *only* the story/document text. Do not add introductions or explanations.',
    )
    const critic = lines(
      'You are a Constructive Critic AI reviewing a short document draft.',
      '',
      '**Document to Review:**',
      '"""',
      '{current_document}',
      '"""',
      '',
      'IF you identify 1-2 *clear and actionable* ways the document could be improved, provide these specific suggestions concisely.',
      'ELSE IF the document is coherent and addresses the topic adequately, respond *exactly* with the phrase "No major issues found." and nothing else.',
    )
    const refiner = lines(
      'You are a Creative Writing Assistant refining a document based on feedback OR exiting the process.',
      '**Current Document:**',
      '"""',
      '{current_document}',
      '"""',
      '**Critique/Suggestions:**',
      '{criticism}',
      '',
      'IF the critique is *exactly* "No major issues found.", you MUST call the \'exit_loop\' function. Do not output any text.',
      'ELSE apply the suggestions to improve the current document and output *only* the refined document text.',
    )
    const written = Pipeline('IterativeWritingPipeline')
      .describe('Writes a short story, then critiques and refines it in a loop.')
      .step(
        agent(
          'InitialWriterAgent',
          'Writes the initial document draft based on the topic.',
          initial,
          'current_document',
        ),
      )
      .step(
        Loop('RefinementLoop')
          .describe('Refines the document until the critic is satisfied.')
          .maxIterations(5)
          .step(
            agent(
              'CriticAgent',
              'Reviews the current draft, providing critique if clear improvements are needed, otherwise signals completion.',
              critic,
              'criticism',
            ),
          )
          .step(
            agent(
              'RefinerAgent',
              'Refines the document based on critique, or calls exit_loop if critique indicates completion.',
              refiner,
              'current_document',
            ).tool(exitLoop),
          ),
      )
    const requests = await expectSameAgent(
      loaded,
      written,
      {
        state: { topic: 'a lighthouse keeper' },
        replies: {
          CriticAgent: ['Add a name.', 'No major issues found.'],
          RefinerAgent: ['Ada kept the light.', call('exit_loop', {})],
        },
      },
      expect,
    )
    expect(requests.map((request) => `${request.agent}:${request.round ?? '-'}`)).toEqual([
      'InitialWriterAgent:-',
      'CriticAgent:1',
      'RefinerAgent:1',
      'CriticAgent:2',
      'RefinerAgent:2',
    ])
    expect(requests[2]?.tools).toEqual(['exit_loop'])
  })

  it('core_generate_content_config_config: generate_content_config (snake_case) and google_search', async () => {
    const written = Agent('search_agent', 'gemini-2.5-flash')
      .describe('an agent whose job it is to perform Google search queries and answer questions about the results.')
      .instruct(
        'You are an agent whose job is to perform Google search queries and answer questions about the results.',
      )
      .tools(googleSearch())
      .generateContentConfig({
        temperature: 0.1,
        maxOutputTokens: 2000,
        safetySettings: [
          { category: 'HARM_CATEGORY_DANGEROUS_CONTENT' as never, threshold: 'BLOCK_ONLY_HIGH' as never },
        ],
      })
    const loaded = loadAgentConfig(sample('core_generate_content_config_config'))
    const [request] = await expectSameAgent(loaded, written, {}, expect)
    expect(request?.config).toMatchObject({ temperature: 0.1, maxOutputTokens: 2000, tools: [{ googleSearch: {} }] })
  })

  it('tool_builtin_config: google_search', async () => {
    const written = Agent('search_agent', 'gemini-2.5-flash')
      .describe('an agent whose job it is to perform Google search queries and answer questions about the results.')
      .instruct(
        'You are an agent whose job is to perform Google search queries and answer questions about the results.',
      )
      .tools(googleSearch())
    await expectSameAgent(loadAgentConfig(sample('tool_builtin_config')), written, {}, expect)
  })

  it('tool_functions_config: tools named by dotted paths, resolved through the tools map', async () => {
    const city = { parameters: z.object({ city: z.string() }) }
    const getWeather = fn(({ city }: { city: string }) => ({ report: `Sunny in ${city}` }), {
      ...city,
      name: 'get_weather',
    })
    const getCurrentTime = fn(({ city }: { city: string }) => ({ time: `10:30 in ${city}` }), {
      ...city,
      name: 'get_current_time',
    })
    const written = Agent('weather_time_agent', 'gemini-2.5-flash')
      .describe('Agent to answer questions about the time and weather in a city.')
      .instruct('I can answer your questions about the time and weather in a city.')
      .tools(getWeather)
      .tools(getCurrentTime)
    const loaded = loadAgentConfig(sample('tool_functions_config'), {
      tools: { get_weather: getWeather, 'tool_functions_config.tools.get_current_time': getCurrentTime },
    })
    const [request] = await expectSameAgent(loaded, written, {}, expect)
    expect(request?.tools).toEqual(['get_weather', 'get_current_time'])
  })

  it('core_callback_config: every callback list, in order, through the callbacks map', async () => {
    const order: string[] = []
    const note = (name: string) => () => {
      order.push(name)
      return undefined
    }
    const callbacks = {
      before_agent_callback1: note('before_agent1'),
      before_agent_callback2: note('before_agent2'),
      after_agent_callback1: note('after_agent1'),
      before_model_callback: note('before_model'),
      after_model_callback: note('after_model'),
      before_tool_callback1: note('before_tool1'),
      before_tool_callback2: note('before_tool2'),
      after_tool_callback: note('after_tool'),
    }
    const rollDie = fn(({ sides }: { sides: number }) => ({ result: Math.min(4, sides) }), {
      name: 'roll_die',
      parameters: z.object({ sides: z.number() }),
    })
    const loaded = loadAgentConfig(sample('core_callback_config'), { callbacks, tools: { roll_die: rollDie } })
    const written = Agent('hello_world_agent', 'gemini-2.5-flash')
      .describe('hello world agent that can roll a die and check prime numbers.')
      .instruct(
        lines(
          'You roll dice and answer questions about the outcome of the dice rolls.',
          'When you are asked to roll a die, you must call the roll_die tool with the number of sides.',
        ),
      )
      .tools(rollDie)
      .beforeAgent(callbacks.before_agent_callback1)
      .beforeAgent(callbacks.before_agent_callback2)
      .afterAgent(callbacks.after_agent_callback1)
      .beforeModel(callbacks.before_model_callback)
      .afterModel(callbacks.after_model_callback)
      .beforeTool(callbacks.before_tool_callback1)
      .beforeTool(callbacks.before_tool_callback2)
      .afterTool(callbacks.after_tool_callback)
    const options = { replies: { hello_world_agent: [call('roll_die', { sides: 6 }), 'You rolled 4.'] } }
    await expectSameAgent(loaded, written, options, expect)
    order.length = 0
    await (loaded as AgentBuilder).mock([call('roll_die', { sides: 6 }), 'You rolled 4.'] as never).ask('Roll a die.')
    const loadedOrder = [...order]
    order.length = 0
    await written.mock([call('roll_die', { sides: 6 }), 'You rolled 4.'] as never).ask('Roll a die.')
    expect(loadedOrder).toEqual(order)
    expect(loadedOrder).toEqual([
      'before_agent1',
      'before_agent2',
      'before_model',
      'after_model',
      'before_tool1',
      'before_tool2',
      'after_tool',
      'before_model',
      'after_model',
      'after_agent1',
    ])
  })

  it('tool_mcp_stdio_notion_config: a stdio MCPToolset loads only when allowed', () => {
    const file = sample('tool_mcp_stdio_notion_config')
    const error = thrown(() => loadAgentConfig(file, { allowStdioMcp: false }))
    expect(AgentFileError.isInstance(error)).toBe(true)
    expect((error as AgentFileError).problems).toMatchObject([
      { line: 10, column: 5, field: ['tools', 0, 'args', 'stdio_server_params'] },
    ])
    expect((error as Error).message).toContain('stdio MCP servers are not allowed in agent configs')
    expect((error as Error).message).toContain('ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS=1')
    const loaded = loadAgentConfig(file, { allowStdioMcp: true })
    const written = Agent('notion_agent', 'gemini-2.5-flash')
      .instruct(
        lines(
          'You are my workspace assistant. Use the provided tools to read, search, comment on, or create',
          'Notion pages. Ask clarifying questions when unsure.',
        ),
      )
      .tools(
        mcp({
          command: 'npx',
          args: ['-y', '@notionhq/notion-mcp-server'],
          env: {
            OPENAPI_MCP_HEADERS: '{"Authorization": "Bearer <your_notion_token>", "Notion-Version": "2022-06-28"}',
          },
        }),
      )
    expect(loaded.llmAnatomy()).toEqual(written.llmAnatomy())
    expect(loaded.explain()).toEqual(written.explain())
  })
})
