import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { tool } from '@langchain/core/tools'
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph'
import { ToolNode } from '@langchain/langgraph/prebuilt'
import { z } from 'zod'
import { PIPELINE_STEPS, nextDraft, peerSides, stepInstruction, type Peer } from './peer.js'

/** A zero-latency chat model (LangChain's `BaseChatModel`), answering with `respond(messages)`. */
class FakeChatModel extends BaseChatModel {
  constructor(private readonly respond: (messages: BaseMessage[]) => AIMessage) {
    super({})
  }
  _llmType(): string {
    return 'fake'
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = this.respond(messages)
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] }
  }
  // The fake answers by itself: binding tools only has to keep the model callable.
  override bindTools(_tools: unknown[]): this {
    return this
  }
}

function textOf(message: BaseMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : ''
}

export const langGraph: Peer = {
  id: 'langgraph',
  label: '@langchain/langgraph',
  packageName: '@langchain/langgraph',
  async sides() {
    const singleModel = new FakeChatModel(() => new AIMessage('Hello!'))
    // Hand-written graphs (the prebuilt createReactAgent is deprecated, and slower).
    const single = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => ({
        messages: [await singleModel.invoke([new SystemMessage('You are helpful.'), ...state.messages])],
      }))
      .addEdge(START, 'agent')
      .addEdge('agent', END)
      .compile()
    let toolRuns = 0
    const lookup = tool(
      async ({ query }: { query: string }) => {
        toolRuns++
        return `result for ${query}`
      },
      { name: 'lookup', description: 'Looks a query up.', schema: z.object({ query: z.string() }) },
    )
    let callIds = 0
    const toolModel = new FakeChatModel((messages) => {
      const last = messages[messages.length - 1]
      if (last instanceof ToolMessage) return new AIMessage(`The answer: ${textOf(last)}`)
      return new AIMessage({
        content: '',
        tool_calls: [{ id: `call_${callIds++}`, name: 'lookup', args: { query: 'cats' } }],
      })
    }).bindTools([lookup])
    const withTool = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => ({
        messages: [await toolModel.invoke([new SystemMessage('Use the lookup tool.'), ...state.messages])],
      }))
      .addNode('tools', new ToolNode([lookup]))
      .addEdge(START, 'agent')
      .addConditionalEdges('agent', (state) => {
        const last = state.messages[state.messages.length - 1] as AIMessage
        return last.tool_calls?.length ? 'tools' : END
      })
      .addEdge('tools', 'agent')
      .compile()
    const stepModel = new FakeChatModel((messages) => new AIMessage(nextDraft(textOf(messages[0]))))
    const PipelineState = Annotation.Root({ previous: Annotation<string | undefined> })
    let builder = new StateGraph(PipelineState) as unknown as StateGraph<typeof PipelineState.spec, any, any, string>
    for (let index = 1; index <= PIPELINE_STEPS; index++) {
      builder = builder.addNode(`step_${index}`, async (state: typeof PipelineState.State) => {
        const reply = await stepModel.invoke([
          new SystemMessage(stepInstruction(index, state.previous)),
          new HumanMessage('Write about cats.'),
        ])
        return { previous: textOf(reply) }
      }) as typeof builder
      builder = builder.addEdge(index === 1 ? START : `step_${index - 1}`, `step_${index}`) as typeof builder
    }
    const pipeline = builder.addEdge(`step_${PIPELINE_STEPS}`, END).compile()
    const runSingle = async () => (await single.invoke({ messages: [new HumanMessage('Hi')] })).messages.at(-1)
    const runTool = async () =>
      (await withTool.invoke({ messages: [new HumanMessage('Look up cats.')] })).messages.at(-1)
    const runPipeline = async () => (await pipeline.invoke({})).previous
    return peerSides(this.label, {
      single: async () => textOf(await runSingle()),
      tool: async () => textOf(await runTool()),
      pipeline: runPipeline,
      toolRuns: () => toolRuns,
    })
  },
}
