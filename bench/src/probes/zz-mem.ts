import * as core from '@adk-fluent/core'
const N = 2000
function event(index: number): core.Event {
  const stateDelta: Record<string, unknown> =
    index % 10 === 0 ? { 'app:seen': index, 'user:last': index, n: index } : index % 3 === 0 ? { n: index } : {}
  return core.createEvent({
    invocationId: `inv-${index >> 1}`,
    author: index % 2 === 0 ? 'user' : 'assistant',
    content: { role: index % 2 === 0 ? 'user' : 'model', parts: [{ text: `message ${index}` }] },
    actions: { stateDelta },
  })
}
const store = new core.InMemorySessionService()
const results: number[] = []
for (let round = 0; round < Number(process.env.ROUNDS ?? 40); round++) {
  const session = await store.createSession({ appName: 'probe', userId: `u${round}` })
  const events = Array.from({ length: N }, (_, index) => event(index))
  const cpu = process.cpuUsage()
  for (const item of events) await store.appendEvent({ session, event: item })
  const used = process.cpuUsage(cpu)
  results.push(((used.user + used.system) / N))
}
results.sort((a, b) => a - b)
console.log('median cpu µs/append', results[results.length >> 1].toFixed(2), 'min', results[0].toFixed(2))
