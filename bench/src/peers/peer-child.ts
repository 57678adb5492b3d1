import { benchConfig } from '../bench-config.js'
import { peerPlan } from './peer-plan.js'
import { measurePeer } from './measure-peer.js'
import { peerLoaders } from './registry.js'

// A fresh process with one peer only: `tsx peer-child.ts <peer id> [--quick]`; prints its measurements as JSON.
const [id, flag] = process.argv.slice(2)
const load = id ? peerLoaders[id] : undefined
if (!load) throw new Error(`unknown peer ${String(id)}`)
const results = await measurePeer(await load(), peerPlan(benchConfig(flag === '--quick')))
process.stdout.write(`${JSON.stringify(results)}\n`)
